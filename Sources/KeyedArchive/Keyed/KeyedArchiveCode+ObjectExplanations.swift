import ArchiveCore

/// `--explain` paragraphs of the collection and object diagnostics (see `KeyedArchiveCode+Explanations.swift`).
extension KeyedArchiveCode {
    var collectionExplanation: String {
        switch self {
        case .dictionaryCountMismatch:
            """
            An NSDictionary is archived as two arrays of UIDs in the same order, NS.keys and NS.objects, so they must be \
            equally long. Here they differ: the unarchiving dictionary pairs keys with values by position, so some keys \
            have no value or some values no key, and Foundation's own initWithObjects:forKeys: raises \
            NSInvalidArgumentException for arrays of different lengths. NSKeyedArchiver writes both from the same \
            dictionary, so a mismatch means one array was damaged or truncated (a wrong count in a binary plist's array \
            marker), or a hand-written archive. The message gives both counts.
            """
        case .collectionCountMismatch:
            """
            _NSKeyedCoderOldStyleArray is how a keyed archive stores a C array encoded with encodeArrayOfObjCType:count:at: \
            or by an array-typed encodeValueOfObjCType:at: call. It holds NS.count elements, each under a generic key $0, $1, …, with NS.size \
            and NS.type giving the element size and type. Here NS.count differs from the number of $n values present. A \
            decoder that trusts NS.count reads missing elements as zero or writes past its buffer: GNUstep fixed a heap \
            overflow caused by a hostile count and now requires the key $<count-1> to exist. A mismatch means a damaged \
            count or values lost from the dictionary.
            """
        case .collectionNilElement:
            """
            An element of NS.objects (or NS.keys) refers to nil: UID 0, or an entry holding "$null" (a conditional object \
            that was never encoded). Foundation collections cannot hold nil, and NSKeyedArchiver never writes one. Apple's \
            unarchiver then gives no collection at all (its array decoding returns nil when an element decodes to nil), \
            swift-corelibs-foundation silently drops the element, and GNUstep raises "decoded nil in array". Usual causes \
            are a damaged UID inside the list, a tool that stores missing values as UID 0, or a GNUstep archive whose \
            conditional objects were never encoded.
            """
        case .attributedStringRunPastEnd:
            """
            An NSAttributedString with more than one attribute run stores its runs in NSAttributeInfo: pairs of base-128 \
            numbers, the run's length in UTF-16 units and the index of its dictionary in NSAttributes. The runs follow each \
            other from offset 0 and must end exactly at the end of the string; this one starts inside the string but ends \
            past it. swift-corelibs-foundation applies each run with setAttributes(_:range:), which raises NSRangeException \
            for a range beyond the end of the string, so the archive does not decode. The cause is a wrong run length (damaged \
            data, or a writer that counted UTF-8 bytes or characters instead of UTF-16 units) or a string changed without its runs.
            """
        case .attributedStringRunsShort:
            """
            The runs in NSAttributeInfo end before the string does, so part of the string has no attributes recorded. \
            Apple's writer always covers the whole string. swift-corelibs-foundation's decoder keeps reading runs until the \
            string is covered and fails the whole decode (the attributed string becomes nil) when the data ends first. The \
            message says how many UTF-16 units are covered; when the data ends inside a number it says so, which points to \
            truncated data. Otherwise the runs and the string were changed independently, or the writer measured the string \
            in other units than UTF-16.
            """
        case .attributedStringExtraRuns:
            """
            NSAttributeInfo has runs that start at or after the end of the string. swift-corelibs-foundation stops reading \
            runs once the string is covered (and reads none for an empty string), so these runs are ignored and the \
            attributed string still decodes; it is a warning because Apple's writer never writes them. They point to a \
            string that was shortened without its runs being updated, to a writer that measured the string in other units \
            than UTF-16, or to data appended to the run information. The message says how many runs are extra and where \
            they start.
            """
        default:
            """
            Each run in NSAttributeInfo names the attribute dictionary it uses by its index in the NSAttributes array, and \
            this run names an index the array does not have. swift-corelibs-foundation checks the index of every run it \
            applies and fails the whole decode (the attributed string becomes nil) on one that is out of range; the browser \
            shows that run's attributes as invalid. The cause is a damaged index in the run data, a shortened or damaged \
            NSAttributes array (the note gives its count), or a writer that numbered the dictionaries from 1 instead of 0.
            """
        }
    }

    var objectExplanation: String {
        switch self {
        case .objectUndecodable:
            """
            The $objects entry cannot be read as a property-list value at all: the plist layer could not decode its bytes \
            (a bad marker, a length past the end of the file, an unreadable reference), and the bplist or XML diagnostics \
            at the same offset say why. Core Foundation's plist reader rejects such a file when it reads it whole, and an \
            unarchiver that reads objects on demand fails on any reference to the entry. The browser keeps going: the entry \
            is shown as invalid and references to it are kept, so the rest of the archive stays readable. Repair the plist \
            damage first; this diagnostic then goes away with it.
            """
        case .objectNoSuchID:
            """
            An object id outside $objects was asked for, by the browser or by a program using the library, rather than read \
            from the file: ids run from 0 to the number of entries minus one. It does not describe the archive itself; \
            references in the file that point past $objects are reported as keyed.ref.dangling or keyed.class.out-of-range \
            instead. If it appears in a report, a caller used a stale or computed id, for example one kept from another \
            file or from before the file changed on disk, and the report is about that caller.
            """
        case .objectUnreachable:
            """
            No chain of references from $top leads to this object, so NSKeyedUnarchiver never decodes it; the browser keeps \
            such objects in a lost-and-found group. Apple's own writers leave some behind (archives made by Apple frameworks, \
            such as data-detector results inside Messages attachments, contain values nothing refers to) and readers ignore \
            them, so this is a note. Many lost objects, or a lost object that looks like the root, point to damage \
            elsewhere: a broken $top or a dangling UID often had the lost object as its target. It is reported once per lost \
            group, at the object that nothing else refers to, with the number of objects behind it.
            """
        case .objectShared:
            """
            Several $objects entries are the same plist dictionary: a binary plist can refer to one object from many \
            places, and here several entries of $objects do. NSKeyedArchiver writes every object as a dictionary of its \
            own, so this comes from a writer that merges identical dictionaries, or from a damaged offset table that makes \
            entries share bytes. An unarchiver decodes each entry as a separate object, which multiplies the work for a \
            large dictionary. The browser's whole-file views (check, dump, JSON) show the fields once, under the lowest \
            entry, and link the other entries to it.
            """
        default:
            """
            An inline array (a plist array stored as a field value, such as NS.objects) is listed by several objects. The \
            binary plist format allows it, and Python's plistlib writes a list used twice only once, but NSKeyedArchiver \
            writes every array anew. Unarchivers read the array for each object that lists it, so nothing is lost. The \
            browser's whole-file views show the list under one object, the lowest id, and link the others to it, so that \
            thousands of objects sharing a long list do not expand it thousands of times. What it tells is that the archive \
            did not come from NSKeyedArchiver.
            """
        }
    }
}
