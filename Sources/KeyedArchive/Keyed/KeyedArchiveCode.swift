import ArchiveCore

/// Every diagnostic the NSKeyedArchiver layer reports (`Keyed/` and its rules): id, default severity
/// and summary; the `--explain` paragraphs are in `KeyedArchiveCode+Explanations.swift`.
///
/// Severity follows what Apple's unarchiver does with the archive: `.error` where it fails or decodes
/// something else than was archived, `.warning` where Apple's writer never produces it but a reader
/// may still accept it, `.note` where Apple's own writer produces it and its reader accepts it.
package enum KeyedArchiveCode: String, DiagnosticCatalog {
    // The root dictionary.
    case archiverMissing = "keyed.archiver.missing"
    case archiverUnknown = "keyed.archiver.unknown"
    case versionMissing = "keyed.version.missing"
    case versionUnsupported = "keyed.version.unsupported"
    case rootWrongType = "keyed.root.wrong-type"
    case topMissing = "keyed.top.missing"
    case topEmpty = "keyed.top.empty"
    case topNoRoot = "keyed.top.no-root"
    case objectsMissing = "keyed.objects.missing"
    case objectsEmpty = "keyed.objects.empty"
    case objectsFirstNotNull = "keyed.objects.first-not-null"
    // Classes.
    case classMissing = "keyed.class.missing"
    case classNotUID = "keyed.class.not-uid"
    case classOutOfRange = "keyed.class.out-of-range"
    case classNotClassDictionary = "keyed.class.not-class-dictionary"
    case classnameMissing = "keyed.classname.missing"
    case classesMismatch = "keyed.classes.mismatch"
    case classesMissing = "keyed.classes.missing"
    // References and keys.
    case refDangling = "keyed.ref.dangling"
    case refClassDictionary = "keyed.ref.class-dictionary"
    case keyNotString = "keyed.key.not-string"
    case keyDuplicate = "keyed.key.duplicate"
    case keyReserved = "keyed.key.reserved"
    // Collections and known classes.
    case dictionaryCountMismatch = "keyed.dictionary.count-mismatch"
    case collectionCountMismatch = "keyed.collection.count-mismatch"
    case collectionNilElement = "keyed.collection.nil-element"
    case attributedStringRunPastEnd = "keyed.attributed-string.run-past-end"
    case attributedStringRunsShort = "keyed.attributed-string.runs-short"
    case attributedStringExtraRuns = "keyed.attributed-string.extra-runs"
    case attributedStringIndexOutOfRange = "keyed.attributed-string.index-out-of-range"
    // Objects.
    case objectUndecodable = "keyed.object.undecodable"
    case objectNoSuchID = "keyed.object.no-such-id"
    case objectUnreachable = "keyed.object.unreachable"
    case objectShared = "keyed.object.shared"
    case inlineShared = "keyed.inline.shared"

    package var severity: Severity {
        switch self {
        case .topEmpty, .topNoRoot, .classesMissing, .objectUnreachable:
            .note
        case .archiverMissing, .archiverUnknown, .classesMismatch, .keyDuplicate, .keyReserved, .attributedStringExtraRuns,
             .objectShared, .inlineShared:
            .warning
        default:
            .error
        }
    }

    package var summary: String {
        switch self {
        case .archiverMissing: "the root dictionary has no $archiver key"
        case .archiverUnknown: "$archiver names another class than NSKeyedArchiver"
        case .versionMissing: "the root dictionary has no $version key"
        case .versionUnsupported: "$version is not 100000"
        case .rootWrongType: "$archiver, $version, $top or $objects has the wrong type"
        case .topMissing: "the root dictionary has no $top key"
        case .topEmpty: "$top is an empty dictionary"
        case .topNoRoot: "$top has no \"root\" key, only other entry points"
        case .objectsMissing: "the root dictionary has no $objects array"
        case .objectsEmpty: "$objects is an empty array"
        case .objectsFirstNotNull: "$objects[0] is not the string \"$null\""
        case .classMissing: "an object dictionary has no $class key"
        case .classNotUID: "an object's $class is not a UID"
        case .classOutOfRange: "an object's $class UID is past the end of $objects"
        case .classNotClassDictionary: "an object's $class leads to something other than a class dictionary"
        case .classnameMissing: "a class dictionary has no string $classname"
        case .classesMismatch: "a class dictionary's $classes does not start with its $classname"
        case .classesMissing: "a class dictionary has no $classes chain"
        case .refDangling: "a UID is past the end of $objects"
        case .refClassDictionary: "a reference leads to a class dictionary instead of an object"
        case .keyNotString: "a key of an object dictionary is not a string"
        case .keyDuplicate: "an object dictionary has the same key twice"
        case .keyReserved: "an object has a key starting with a single $ that the archiver does not write"
        case .dictionaryCountMismatch: "a dictionary's NS.keys and NS.objects differ in length"
        case .collectionCountMismatch: "an old-style array's NS.count differs from the values present"
        case .collectionNilElement: "a collection element refers to nil"
        case .attributedStringRunPastEnd: "an attribute run of an attributed string ends past the end of its string"
        case .attributedStringRunsShort: "the attribute runs of an attributed string stop before the end of its string"
        case .attributedStringExtraRuns: "an attributed string has attribute runs after the end of its string"
        case .attributedStringIndexOutOfRange: "an attribute run names an attribute dictionary that does not exist"
        case .objectUndecodable: "an entry of $objects cannot be decoded at all"
        case .objectNoSuchID: "an object id outside $objects was asked for"
        case .objectUnreachable: "objects that nothing reachable from $top refers to"
        case .objectShared: "several $objects entries are the same plist dictionary"
        case .inlineShared: "several objects list the same inline array"
        }
    }
}
