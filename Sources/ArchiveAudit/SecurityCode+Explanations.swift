import BinaryPlist
import ArchiveCore

/// The `--explain` paragraphs of the security audit, each naming the public source of the pattern.
extension SecurityCode {
    // Project Zero's posts (googleprojectzero.blogspot.com), cited by title and date: their URLs are
    // longer than an --explain line (the README's "Security audit" lists them in full).
    static let fullyRemote = "Project Zero, \"The Fully Remote Attack Surface of the iPhone\" (August 2019)"
    static let cve20198646 = "Project Zero, \"The Many Possibilities of CVE-2019-8646\" (August 2019)"
    static let remotePart1 = "Project Zero, \"Remote iPhone Exploitation Part 1\" (January 2020)"
    static let remotePart2 = "Project Zero, \"Remote iPhone Exploitation Part 2\" (January 2020)"
    /// Project Zero's report of CVE-2019-8647 (`_PFArray`), as the project's issue tracker numbers it.
    static let issue1873 = "Project Zero issue 1873, https://bugs.chromium.org/p/project-zero/issues/detail?id=1873"
    static let secureCoding = "https://developer.apple.com/documentation/foundation/nssecurecoding"
    static let unarchived = "https://developer.apple.com/documentation/foundation/nskeyedunarchiver"
    /// Swift's description of the pre-4.0 mangling, "still used for the Objective-C class names of Swift classes".
    static let oldMangling = "https://github.com/swiftlang/swift/blob/main/docs/ABI/OldMangling.rst"

    package var explanation: String {
        switch self {
        case .allowListRejected: """
            unarchivedObject(ofClasses:from:) decodes the archive's "root" object with requiresSecureCoding on and \
            checks each object it decodes through a collection against the allowed set: the root itself, and the \
            elements, keys and values of NSArray, NSDictionary, NSSet and NSOrderedSet (their initWithCoder: asks \
            the coder for its allowedClasses). An object whose class (or a class on its $classes chain) is not in \
            the set stops decoding with NSCocoaErrorDomain code 4864 and the message "value for key 'K' was of \
            unexpected class 'X'. Allowed classes are '{(…)}'." (newer systems add the class's address and \
            framework path). Add the class to the set if you expect it, or treat the archive as hostile. \
            Objects inside a custom class are checked against the classes that class asks for, which the archive \
            does not say. Source: \(Self.unarchived) and \(Self.secureCoding).
            """
        case .notSecureCoding: """
            With requiresSecureCoding on, every class decoded must return true from supportsSecureCoding; a class \
            that only adopts NSCoding (NSView, UIView) is refused even when it is in the allowed set. The table \
            this tool keeps says which Foundation, AppKit and UIKit classes adopt NSSecureCoding, citing each \
            class's documentation page; a class not in the table is reported as not known. Decode such archives \
            only from trusted sources, without requiresSecureCoding. Sources: Apple's requiresSecureCoding page \
            of NSKeyedUnarchiver ("it will throw an exception if you attempt to unarchive a class which does not \
            conform to NSSecureCoding") and \(Self.secureCoding).
            """
        case .classSubstitution: """
            NSKeyedUnarchiver instantiates the first class of a class dictionary's $classes chain that exists in \
            the decoding process ($classname is what the archiver wrote; $classes is what the unarchiver uses, \
            with $classhints). A chain whose first entry is not $classname, or that lists a known class without \
            its known superclass (NSMutableArray without NSArray), makes the class a reader sees differ from the \
            class decoding checks or instantiates: an object substitution, the attack NSSecureCoding was made \
            against. Archivers never write such chains. Source: \(Self.secureCoding) and the substitution \
            discussion in \(Self.fullyRemote).
            """
        case .classDangerous: """
            Some classes have decoding semantics that published exploits used: NSSharedKeySet and \
            NSSharedKeyDictionary (a key set decoded with attacker-chosen tables, CVE-2019-8641, and a \
            dictionary its own key set reaches before it is initialised, left with a value array too small), \
            NSKnownKeysDictionary1 and NSKnownKeysMappingStrategy1 (values indexed by a decoded key table), \
            _PFArray (an NSArray subclass that keeps the objects it is decoded with without retaining them: a \
            use-after-free once the unarchiver is released, CVE-2019-8647) and _NSDataFileBackedFuture (data \
            read from a file path or URL the archive names, CVE-2019-8646). An archive from outside that names \
            them is a strong sign of an exploit attempt; archives apps write for themselves do not contain \
            them. Sources: \(Self.fullyRemote), \(Self.cve20198646), \(Self.issue1873), \(Self.remotePart1) \
            and \(Self.remotePart2).
            """
        case .classPrivate: """
            A class whose name starts with an underscore (outside Swift's _Tt manglings) is private by Apple's \
            naming convention: it is absent from the public SDK, so no documentation says how it decodes, and \
            private classes are where the iMessage decoding bugs of 2019 and 2020 were found. It is a note, not \
            a risk by itself: system archives do contain private classes. Sources: \(Self.fullyRemote) and \
            \(Self.remotePart1).
            """
        case .swiftNameUnread: """
            NSStringFromClass gives a Swift class a mangled runtime name such as _TtC8MyModule6Person (module and \
            class, each length-prefixed). This tool reads that form, nested classes (_TtCC…) and the Swift \
            module abbreviation with a bounded parser of its own; other forms (generic classes _TtGC…, private \
            discriminators, cut or invented names) are not demangled, and the name is shown as written. A name \
            that claims to be Swift and does not parse may be damage or a name made to confuse tools. Source: \
            Swift's description of the mangling Objective-C class names of Swift classes use, \(Self.oldMangling).
            """
        case .selfReference: """
            NSKeyedUnarchiver keeps each object it is decoding in its table before initWithCoder: returns, so a \
            field that leads back to that object (through objects that are not plain collections) hands the \
            caller a pointer to an object that is not initialised yet; for a class cluster whose initWithCoder: \
            returns a different object, to one that may be freed. Project Zero's iMessage research built an \
            NSSharedKeyDictionary with a value array too small out of one reached from its own key set this \
            way. The finding names the object and the path back to it. Sources: \(Self.remotePart1) and \
            \(Self.fullyRemote).
            """
        case .selector: """
            NSExpression (function, key-path and block expressions) and NSSortDescriptor carry the name of a \
            selector or function that is called when the predicate is evaluated or the array sorted. Key-path \
            reads (valueForKey:), the functions NSExpression documents (sum:, count: …) and the standard \
            comparisons (compare: …) are what ordinary predicates hold and are not reported; FUNCTION(receiver, \
            'selector') calls any method of the receiver. Secure \
            decoding disables evaluation of decoded predicates until allowEvaluation is called, but code that \
            calls it (or sorts with a decoded descriptor) runs what the archive names. The finding lists the \
            selector names. Sources: \(Self.fullyRemote), and Apple's NSPredicate documentation, whose \
            allowEvaluation() page says to "validate key paths, selectors, and other details" before \
            evaluating a decoded predicate: https://developer.apple.com/documentation/foundation/nspredicate.
            """
        case .fileReference: """
            An NSURL whose string is a file reference (file:///.file/id=…) or bookmark data (a data value that \
            starts with 'book') points at a file on the machine that decodes it; resolving it touches the file \
            system. _NSDataFileBackedFuture used such URLs to read files and send their contents back. It is a \
            note, not a risk by itself: recent-document lists and sandboxed apps keep bookmarks on purpose; in an \
            archive that arrived from outside it deserves a look. The finding names the object and the URL or \
            bookmark. Sources: \(Self.cve20198646) and \
            https://developer.apple.com/documentation/foundation/nsurl/filereferenceurl().
            """
        case .allocation: """
            Some decoders allocate from a count the archive states, not from the values it holds: \
            _NSKeyedCoderOldStyleArray (NS.count × NS.size), NSSharedKeySet (NS.numKey, NS.M), NSIndexSet \
            (NSRangeCount). A count that asks for far more memory than the archive has bytes (here: more than 16 \
            times its size and more than 16 MiB) makes the decoding process allocate it, or fail, before any \
            value is checked: a denial of service, and in the 2019 bugs a way to misplace memory. Sources: \
            \(Self.fullyRemote) and \(Self.remotePart1).
            """
        case .nesting: """
            Each level of nesting is one nested initWithCoder: call, several stack frames deep, on the decoding \
            thread (512 KiB on a secondary thread). Apple does not document a depth limit for NSKeyedUnarchiver; \
            this tool reports nesting deeper than 512 objects, an estimate of where a secondary thread's stack \
            runs short, so that a crafted archive can crash the decoder. The finding names the deepest object \
            and its key path. Source: \(Self.fullyRemote) (crashes as the first result of fuzzing decoders).
            """
        case .typeConfusion: """
            One object of an archive can be referenced from many places, and each referrer decodes it with its \
            own expectation: a class dictionary and an object, a string key and a dictionary, an NSURL's base \
            and a string. A decoder that checks the class once and trusts it elsewhere can be handed one thing \
            as another. The finding names the object and the two expectations. Sources: \(Self.remotePart1) and \
            \(Self.secureCoding).
            """
        }
    }
}
