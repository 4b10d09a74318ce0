import ArchiveCore

/// The `--explain` paragraphs. Sources: FORMATS.md section C; swift-corelibs-foundation's
/// NSKeyedUnarchiver.swift and NSAttributedString.swift; Apple's documentation of NSKeyedUnarchiver and
/// `setAttributes(_:range:)`; for Apple's unarchiver, what it checks when it opens an archive.
extension KeyedArchiveCode {
    package var explanation: String {
        switch self {
        case .archiverMissing, .archiverUnknown, .versionMissing, .versionUnsupported, .rootWrongType:
            headerExplanation
        case .topMissing, .topEmpty, .topNoRoot, .objectsMissing, .objectsEmpty, .objectsFirstNotNull:
            entryExplanation
        case .classMissing, .classNotUID, .classOutOfRange, .classNotClassDictionary, .classnameMissing, .classesMismatch, .classesMissing:
            classExplanation
        case .refDangling, .refClassDictionary, .keyNotString, .keyDuplicate, .keyReserved:
            referenceExplanation
        case .dictionaryCountMismatch, .collectionCountMismatch, .collectionNilElement, .attributedStringRunPastEnd, .attributedStringRunsShort,
             .attributedStringExtraRuns, .attributedStringIndexOutOfRange:
            collectionExplanation
        case .objectUndecodable, .objectNoSuchID, .objectUnreachable, .objectShared, .inlineShared:
            objectExplanation
        }
    }

    private var headerExplanation: String {
        switch self {
        case .archiverMissing:
            """
            The root dictionary of a keyed archive normally has $archiver = "NSKeyedArchiver". Apple's NSKeyedUnarchiver does \
            not read the key when it opens an archive (it checks $version, $top and $objects), so the archive still opens on \
            macOS and iOS; swift-corelibs-foundation, the Foundation of Linux and Windows, compares it with "NSKeyedArchiver" \
            and throws "Unknown archiver. The data may be corrupt." NSKeyedArchiver always writes the key, so its absence \
            means a hand-written archive, a third-party writer, or a damaged root dictionary: a note names a root key that is \
            almost $archiver, which is then the damaged or misspelt one. Add $archiver = "NSKeyedArchiver" if the archive must \
            be read by other implementations.
            """
        case .archiverUnknown:
            """
            $archiver holds the name of the class that wrote the archive. NSKeyedArchiver writes "NSKeyedArchiver", but a \
            subclass writes its own name (swift-corelibs-foundation's archiver stores NSStringFromClass of its own type), and \
            other tools sometimes write something else entirely. Apple's NSKeyedUnarchiver does not look at the value. \
            swift-corelibs-foundation rejects every value other than "NSKeyedArchiver" with "Unknown archiver. The data may be \
            corrupt.", so the archive cannot be read on Linux or Windows. If the name is that of an archiver subclass you \
            know, the archive is otherwise normal; a name such as "NSArchiver" suggests another tool or a hand edit.
            """
        case .versionMissing:
            """
            $version identifies the keyed-archive format; NSKeyedArchiver always writes the integer 100000. Apple's \
            NSKeyedUnarchiver reads it as a 32-bit integer and fails when it is missing or different, with "incomprehensible \
            archive version" (an NSInvalidArgumentException from the old initializers, an NSCocoaErrorDomain 4864 error from \
            unarchivedObject(ofClass:from:)); swift-corelibs-foundation fails with "Unknown archive version". A missing key \
            means a hand-written archive or a damaged root dictionary; a note names a root key that is almost $version. \
            Adding $version = 100000 makes the archive readable if nothing else is wrong.
            """
        case .versionUnsupported:
            """
            $version must be 100000, the only version of the keyed-archive format. Apple's NSKeyedUnarchiver reads the value \
            as a 32-bit integer and rejects any other number with "incomprehensible archive version (N)"; \
            swift-corelibs-foundation rejects it with "Unknown archive version. The data may be corrupt." Another value comes \
            from a third-party writer, a hand edit, or a damaged byte of the integer. The diagnostic is on the integer's \
            bytes: if the rest of the archive is sound, writing 100000 there repairs it.
            """
        default:
            """
            The four keys of the root dictionary have fixed types: $archiver a string, $version an integer, $top a \
            dictionary and $objects an array. Apple's NSKeyedUnarchiver fails to open an archive whose $version is not the \
            number 100000 or whose $objects is not an array ("data is corrupt or archive is missing key components"). It \
            never reads $archiver, so a mistyped $archiver is only a warning (swift-corelibs-foundation rejects it as "Unknown \
            archiver"). The browser treats a key of the wrong type as missing: a mistyped $objects leaves no objects, a \
            mistyped $top no entry points. The usual cause is a hand-written or converted archive, such as an XML plist with \
            <string> where <integer> belongs.
            """
        }
    }

    private var entryExplanation: String {
        switch self {
        case .topMissing:
            """
            $top holds the archive's entry points: archivedData(withRootObject:) stores the root object under "root", and a \
            program using an archiver directly stores whatever top-level keys it encoded. Without $top, Apple's \
            NSKeyedUnarchiver refuses the archive ("data is corrupt or archive is missing key components") and \
            swift-corelibs-foundation fails with "Unable to read archive contents". Every object in $objects is then \
            unreachable, and the browser lists them under lost and found. A missing $top points to a hand-written archive or \
            a damaged key; a note names a root key that is almost $top (such as "$toppo"), which is the key to rename.
            """
        case .topEmpty:
            """
            $top is an empty dictionary: the archive has no entry points. This is what NSKeyedArchiver writes when it is \
            finished without anything having been encoded, and Apple's unarchiver opens such an archive; decoding "root" \
            then finds nothing (nil, or "No value found for key" in swift-corelibs-foundation). It is a note because Apple's \
            writer produces it. If $objects holds objects nevertheless, they are reported as unreachable and shown under lost \
            and found: then the entries of $top were probably lost, and an object that nothing else refers to is the likely \
            root.
            """
        case .topNoRoot:
            """
            $top has entries but none named "root". archivedData(withRootObject:) and unarchivedObject(ofClass:from:) store \
            and read the root object under "root" (NSKeyedArchiveRootObjectKey), but a program that encodes with an archiver \
            directly chooses its own top-level keys: nibs use IB.objectdata, un-keyed encode(_:) calls write $0, $1 and so \
            on. Apple's writers produce such archives and its readers accept them, so this is a note. It matters when the \
            archive is expected to be read with unarchivedObject(ofClass:from:) or unarchiveObject(with:), which find no root \
            in it. A note names a key that is almost "root", if there is one.
            """
        case .objectsMissing:
            """
            $objects is the array of every archived object; the UIDs elsewhere in the archive are indexes into it. Without it \
            Apple's NSKeyedUnarchiver refuses the archive ("data is corrupt or archive is missing key components") and \
            swift-corelibs-foundation fails with "Unable to read archive contents"; the browser shows no objects, and \
            references in $top are not reported one by one. The key is missing in hand-written archives or after damage to \
            the root dictionary; a note names a root key that is almost $objects. If the objects survive under a misspelt \
            key, renaming it restores the archive.
            """
        case .objectsEmpty:
            """
            $objects is an empty array. NSKeyedArchiver always puts the string "$null" at index 0, the entry UID 0 refers to \
            (nil), so even an archive of nothing has one element. With no elements every UID, UID 0 included, is out of \
            range, and decoding any object fails (swift-corelibs-foundation: "Invalid object reference … The data may be \
            corrupt."); references in $top are not reported one by one. An empty $objects comes from a hand-written archive \
            or one whose object array was truncated or replaced by a damaged reference.
            """
        default:
            """
            Element 0 of $objects must be the string "$null": NSKeyedArchiver reserves it so that UID 0 means nil, and \
            unarchivers return nil for a UID whose element is "$null". When element 0 is something else, UID 0, which the \
            archiver writes for every nil value it encodes, decodes as that object instead of nil, so properties that were \
            nil come back as an unrelated object. Apple's writer never does this. It comes from a writer that numbers objects \
            from 0, or from damage to the object array (a shifted or overwritten first reference): check whether the other \
            UIDs look shifted by one as well.
            """
        }
    }
}
