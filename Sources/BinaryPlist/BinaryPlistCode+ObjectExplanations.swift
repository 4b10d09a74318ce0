import ArchiveCore

// The explanations of problems in single objects and of the whole-file check (see
// `BinaryPlistCode+Explanations.swift` for those of the header, trailer and offset table).
extension BinaryPlistCode {
    var objectExplanation: String {
        switch self {
        case .offsetInHeader: """
            An offset-table entry points into the 8-byte header (an offset below 8). CoreFoundation's check when it opens \
            the file only bounds entries from above, but it decodes an object only from offset 8 on, so it fails as soon as \
            this object is reached. No writer produces such an offset: the table entry is damaged (zeroed or bit-flipped), or \
            the whole table is read with the wrong entry width. The object cannot be shown, and references to it lead \
            nowhere. The range is the damaged table entry.
            """
        case .offsetOutOfRange: """
            An offset-table entry points at or past the start of the offset table, outside the object area. CoreFoundation \
            checks every entry against the table's offset when it opens the file and rejects the file. The entry is damaged, \
            or the object area was shortened (a truncated file that was patched up) without fixing the table. The object \
            cannot be shown, and references to it lead nowhere. The range is the damaged table entry.
            """
        case .markerV1xOnly: """
            The object's marker belongs to the v1x binary plists used privately by Apple's XPC (bplist15 and later): a UTF-8 \
            string (0x7n), a URL (0x0C, 0x0D), a UUID (0x0E) or an ordered set (0xBn). CoreFoundation's bplist00 reader has \
            no case for these markers and rejects the file when it reaches the object. No bplist00 writer produces them, so \
            the marker byte is usually damaged (a few bits away from a valid type), or the offset points into the middle of \
            another object. This tool still reads UTF-8 strings and ordered sets; URLs and UUIDs are shown as invalid.
            """
        case .markerUnknown: """
            The byte at the object's start is no object marker: the high nibbles 0x9, 0xE and 0xF are unused, and of the 0x0 \
            group only 0x00, 0x08, 0x09 and 0x0F (and the v1x-only 0x0C-0x0E) mean anything. CoreFoundation rejects the file \
            when it reaches this object. The usual cause is an offset-table entry pointing into the middle of another object \
            or into stray bytes, or a marker byte that was overwritten. The hex view shows whether the offset lands inside a \
            neighbouring object.
            """
        case .markerNull: """
            The object is the null marker 0x00. CoreFoundation's format notes list it as v1x only, but its bplist00 reader \
            accepts it and returns kCFNull; Python's plistlib returns None, while rust-plist rejects it. Apple's writers do \
            not put null into bplist00 files, so the file was made by another writer (Python writes 0x00 for None), or a \
            zero byte sits where an object should start, as happens when an offset points into zeroed padding. If a null was \
            meant, nothing needs fixing; if many objects are null, check their offsets.
            """
        case .markerFill: """
            The object's marker is 0x0F, the fill byte of the format's description. CoreFoundation's reader has no case for \
            it and rejects the file when it reaches the object; Python returns empty bytes and rust-plist fails. No writer \
            emits a fill byte as an object, so the offset probably points into padding, or the marker byte was overwritten. \
            This tool shows the object as null, so that the containers holding it still read; the hex view shows the bytes \
            around the offset.
            """
        case .objectOverruns: """
            The object's marker announces a payload (the bytes of an integer, real, date or UID, or a count) that would run \
            past the end of the object area into the offset table. CoreFoundation checks every payload against the table's \
            start and rejects the file. The usual causes are a truncated object area, an offset pointing at one of the last \
            bytes before the table, or a marker damaged into a wider type. The value is shown as invalid; the range runs from \
            the marker to the end of the object area.
            """
        case .intBadWidth: """
            An integer marker 0x1n announces 2^n payload bytes; CoreFoundation accepts n from 0 to 4 (1 to 16 bytes) and \
            rejects wider ones, so markers 0x15-0x1F, which claim 32 bytes or more, fail. No writer produces them: the marker \
            byte is damaged, or the offset points at a byte that is not a marker. The integer cannot be read and is shown as \
            invalid; the hex view shows whether the offset lands inside a neighbouring object.
            """
        case .intHighBitsDropped: """
            A 16-byte integer (marker 0x14) has a non-zero high half. CoreFoundation writes 16-byte integers only for unsigned \
            values above Int64.max, with the high eight bytes zero, and its reader keeps only the low 64 bits, so on Apple \
            platforms the high half is silently lost. Python reads the 16 bytes as a signed number and gets another value, and \
            rust-plist fails unless the value fits in 64 bits. The value shown is the low 64 bits, as CF reads it. Such an \
            integer comes from another writer or from damage; the hex view shows both halves.
            """
        case .realBadWidth: """
            A real number's marker is 0x2n, and CoreFoundation accepts only 0x22 (a 4-byte float) and 0x23 (an 8-byte double); \
            it rejects the others. CF's writer uses 0x22 only for a CFNumber of float size and 0x23 for every other real, and \
            Python always writes 0x23, so the marker byte is damaged or the offset points at a byte that is not a marker. The \
            value cannot be read and is shown as invalid.
            """
        case .dateBadMarker: """
            A date is the exact marker 0x33 followed by an 8-byte double counting seconds since 2001-01-01 UTC. \
            CoreFoundation rejects the other markers of the 0x3n group, and every writer, Apple's included, stores each date \
            this way, so the marker byte is damaged or the offset points into the wrong place. The date cannot be read and is \
            shown as invalid; the hex view shows whether the offset lands inside a neighbouring object.
            """
        case .uidTooLarge: """
            A UID (marker 0x8n, followed by n + 1 bytes) holds a value above 2^32 - 1. NSKeyedArchiver uses UIDs as indices \
            into $objects and CoreFoundation keeps them as 32-bit numbers, so its reader rejects the file, as libplist does; \
            Python accepts it. Apple's writer never produces such a value. Either the UID's bytes are damaged, or its marker \
            claims more bytes than were written, so the value takes in the next object's bytes. In a keyed archive the \
            reference this UID stands for is lost.
            """
        case .uidOddWidth: """
            The UID is stored in a width other than 1, 2, 4 or 8 bytes. CoreFoundation reads any width of 1 to 16 bytes \
            (markers 0x80-0x8F) as long as the value fits in 32 bits, but its writer, like Python's, writes the smallest of 1, \
            2, 4 or 8 bytes that holds the value, and rust-plist reads at most 8. The file reads fine on Apple platforms; the \
            odd width points to a third-party writer or to a damaged marker byte.
            """
        default:
            laterObjectExplanation
        }
    }
}

extension BinaryPlistCode {
    private var laterObjectExplanation: String {
        switch self {
        case .countMissing: """
            The marker's low nibble is 0xF, which means that the count follows as an integer object, but the object area \
            ends right after the marker. CoreFoundation rejects the file when it reaches the object. The object was cut off: \
            the object area was truncated, or the offset points at the last byte before the offset table. This tool shows the \
            object as invalid; the diagnostics on the trailer and the offset table usually tell which of the two happened.
            """
        case .countBadMarker: """
            The marker's low nibble is 0xF, so the next byte must start an integer object (0x10-0x14) that gives the count, \
            but it is something else. CoreFoundation checks the high nibble and rejects the file; Python and rust-plist look \
            only at the low bits and may read a wrong count instead. The byte after the marker is damaged, or the marker's \
            low nibble was damaged into 0xF. The object cannot be read.
            """
        case .countTooLarge: """
            A count of data bytes, string characters or container entries is larger than what follows it: the bytes or \
            references it claims do not fit before the offset table, or the count exceeds LONG_MAX. CoreFoundation checks this \
            and rejects the file. The count (or the integer after a 0xF nibble) is damaged, or the object area was truncated. \
            This tool reads what fits, so the string, data or container shown is partial; the range runs from the marker to \
            the end of the object area.
            """
        case .stringNonASCII: """
            A string with marker 0x5n is stored as ASCII, yet it holds a byte of 0x80 or more. CoreFoundation creates the \
            string with the ASCII encoding, which fails on such a byte, so the whole file is rejected once this string is \
            reached; Python's plistlib fails too, while rust-plist decodes the bytes as UTF-8. Apple's writer stores every \
            string that is not pure ASCII as UTF-16 (marker 0x6n), so another writer put UTF-8 or Latin-1 bytes here, or a \
            high bit flipped. This tool shows the bytes as UTF-8.
            """
        case .stringUnpairedSurrogate: """
            A UTF-16 string (marker 0x6n) holds a high surrogate that no low surrogate follows, or a low surrogate on its \
            own. Such a string is not valid Unicode, but NSString and CFString allow it: CoreFoundation's writer stores its \
            UTF-16 units as they are, and its reader accepts them back, so Apple's own tools produce and read it. Python's \
            plistlib and rust-plist fail on it. It usually comes from text cut in the middle of a surrogate pair, such as an \
            emoji split by a length limit in the application that saved it. This tool shows each unpaired surrogate as U+FFFD.
            """
        case .refOutOfRange: """
            A reference in an array, set or dictionary names an object number that the offset table does not have. \
            CoreFoundation checks each reference against the object count and rejects the file when it reaches the \
            container. The reference is damaged, the reference width in the trailer is wrong, or objects were lost from the \
            end of the table (a truncated table). The entry is shown as a dangling reference and the container's other \
            entries are still read; past the first eight, the bad references of one container are counted in one diagnostic.
            """
        case .dictContainerKey: """
            A dictionary key refers to an array, set or dictionary. CoreFoundation's reader rejects container keys when it \
            builds the dictionary, and no writer produces them, since property-list keys are strings. The reference is \
            probably damaged, so that it names a wrong object. This tool names the key by its type and object number instead \
            of decoding it. In a keyed archive, a damaged key reference usually breaks the object's field names as well.
            """
        case .dictNonStringKey: """
            A dictionary key is a number, date, data, boolean or UID instead of a string. CoreFoundation's binary reader \
            accepts any key that is not a container, so the file reads on Apple platforms, but CF's writer refuses to write \
            such a dictionary (property-list dictionaries may only have string keys), XML plists cannot express it, and \
            NSKeyedUnarchiver looks keys up as strings. Another writer made the file, or a damaged reference points at the \
            wrong object. The key is shown in angle brackets with its type.
            """
        case .bytesUnreferenced: """
            Bytes of the object area that no object covers: between two objects, before the first or after the last. \
            CoreFoundation never reads them, so they do no harm, and its writer never leaves such gaps, since it writes \
            objects back to back. They are often the most telling bytes of a damaged file: an object whose table entry was \
            lost, data left behind by an editor that rewrote the table, or padding from a non-Apple writer. A recognizable \
            marker at their start (the hex view shows it) suggests a lost object.
            """
        case .offsetDuplicate: """
            Two offset-table entries hold the same offset, so two object numbers name the same bytes. CoreFoundation accepts \
            this: it caches objects by offset, and both numbers yield the same value. Its writer never does it, since it \
            writes each object once and shares equal strings, numbers, dates and data by giving them one object number. A \
            hand-made or third-party table, or a damaged table entry, is the usual cause. This tool decodes the shared bytes \
            once and reports their problems on the first object only.
            """
        case .objectOverlap: """
            An object starts inside the bytes of another object. CoreFoundation does not check for overlaps and decodes each \
            object from its own offset, so the file may still read, but no writer lays objects out like this. Most often the \
            later object's table entry is damaged and points into the middle of its neighbour, whose bytes are then read as a \
            different object. Compare the object's table entry with where the previous object ends.
            """
        case .containerCycle: """
            A container refers to itself, directly or through other containers. A property list is a tree, or a DAG where \
            values are shared; CoreFoundation detects the cycle (through its path set once nesting passes 15 levels, or by the \
            nesting limit) and rejects the file, while Python builds a self-referencing object. No writer produces a cycle, \
            so a reference is damaged and points back up the tree; the message says which entry closes the cycle. This tool \
            shows the repeated container as a link instead of expanding it forever.
            """
        case .depthExceeded: """
            Containers nest more than 512 levels deep, the limit of CoreFoundation's reader on macOS (iOS builds stop at 128). \
            CF logs "Too many nested arrays or dictionaries" and rejects the file. Real property lists rarely nest more than a \
            few dozen levels, so such depth comes from a chain of damaged references or from a file made to exhaust readers. \
            This tool reports the depth once and goes on checking below it.
            """
        case .objectUnreferenced: """
            An object that the top object does not reach through any chain of references. CoreFoundation reads only what the \
            top object reaches, so it never looks at this object, and its writer writes only reachable objects. It is usually \
            left behind when a reference that pointed to it was damaged, which makes it a candidate for the missing piece of \
            a broken tree; some third-party writers also keep stale objects. The browser lists such objects under "lost and \
            found".
            """
        case .offsetDamaged: """
            One entry of the offset table is damaged, found by the way Apple's writer lays a file out: CoreFoundation and \
            Python write objects back to back in number order, so each entry holds where the previous object ended. Here the \
            object before ends at one offset, an object decoded there ends exactly where the next object starts, and the \
            entry holds some other number. CoreFoundation follows the entry, reads whatever bytes it points at as that \
            object and usually rejects the file, and every reader reports the symptoms (an overlap, bytes that belong to no \
            object, a bad marker) far from the cause. The primary range is the entry; its notes show where the object really \
            lies and the symptoms it explains. Restoring the entry to the offset in the message repairs the file.
            """
        case .objectLengthDamaged: """
            An object's marker byte or count integer is damaged: the object starts where the previous one ended and the \
            next object starts where the chain says, but the length its marker and count give does not end there. Since \
            CoreFoundation's writer puts objects back to back, the space between the neighbours is the object's real length. \
            CoreFoundation trusts the count, so it reads references or characters from the following object's bytes, or \
            rejects the file when the count runs past the object area. The primary range is the marker and count; a note \
            gives the count that would fill the space, which is usually the original.
            """
        default:
            rawValue
        }
    }
}
