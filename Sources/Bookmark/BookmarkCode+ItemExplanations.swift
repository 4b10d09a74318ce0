import ArchiveCore

extension BookmarkCode {
    var itemExplanation: String {
        switch self {
        case .keyNotString: """
            A table-of-contents key with its high bit set is not a number but the offset (the other 31 bits) of a \
            string item that names the entry, as used for custom resource keys. This one leads to an item of \
            another type, so the entry has no usable name. Its value is still decoded and shown under the raw key. \
            The key word or the item it points at was damaged.
            """
        case .keyUnexpectedType: """
            The meaning of the well-known keys fixes what their items hold: the path (0x1004) is an array of \
            strings, the file IDs (0x1005) an array of integers, the volume name a string, the creation dates \
            dates, and so on. This key holds an item of another type, so the summary cannot use it and shows the \
            item as it is. Writers do not do this: the item offset or type field was damaged, or the bookmark was \
            edited by hand.
            """
        case .itemOutOfRange: """
            An item is located by an offset from the start of the data area (in a table-of-contents entry, a string \
            key, an array, a dictionary or a relative URL), and it starts with an 8-byte header: payload length and \
            type. At this offset that header does not fit in the bookmark. The entry or element is shown without a \
            value. A bookmark cut short loses the items near its end first; an offset far past the end is damage to \
            the offset field, which is the range reported.
            """
        case .itemLengthTooLarge: """
            An item's first word is the length of its payload, which follows the 8-byte header. This length runs \
            past the end of the bookmark, so the payload is cut where the bytes end: a string or data item shows what \
            is there, a number or date of the wrong size is kept as bytes. A length near 2^32 is a damaged field; a \
            small excess means the bookmark lost its end.
            """
        case .itemUnknownType: """
            An item's second word is its type: string 0x0101, data 0x0201, numbers 0x0301-0x0306, date 0x0400, \
            booleans 0x0500/0x0501, array 0x0601, dictionary 0x0701, UUID 0x0801, URL 0x0901 and 0x0902, null \
            0x0a01. This code is none of them. It may be a type introduced by a newer macOS, or a damaged field; the \
            item's bytes are kept and shown with its code so nothing is lost.
            """
        case .itemBadSize: """
            The item's payload size does not fit its type: numbers have 1, 2, 4 or 8 bytes as their subtype says, \
            a date 8, a UUID 16, a relative URL two 4-byte offsets, a boolean or null none, and an array or \
            dictionary a multiple of 4 or 8. The bytes are kept undecoded (containers read the whole offsets that \
            fit). The length or type field was damaged, or the item was written by a tool that does not follow the \
            format.
            """
        case .itemInvalidUTF8: """
            String and URL items hold UTF-8 text. This one holds bytes that are not valid UTF-8, shown here with \
            escapes; elsewhere the invalid sequences appear as U+FFFD. CoreServices would fail to make a string of \
            them. A byte changed in transfer, or text in another encoding, is the usual cause; the hex view shows the \
            exact bytes, which matters for a path that must match a file name byte for byte.
            """
        case .itemTooDeep: """
            Arrays, dictionaries and relative URLs hold offsets of other items, which may be containers too. Real \
            bookmarks nest two or three levels; this one goes deeper than 64, so the items below are not read. The \
            decoder walks containers with an explicit stack rather than recursion, and this limit bounds its work \
            on crafted input such as 100,000 nested arrays.
            """
        case .itemCycle: """
            A container holds the offset of itself, or of a container that (directly or through others) holds it. \
            Following such links would never end, so this link is not followed and the element is shown without a \
            value. An item named by several containers without a cycle is fine and is decoded once. A cycle never \
            comes from a writer; it is a damaged or crafted offset.
            """
        case .itemTooMany: """
            The decoder reads at most 100,000 distinct items and 1,000,000 offsets inside containers per bookmark, \
            and lists at most 1,000 problems; a real bookmark has a few dozen items. Past a limit the rest is not \
            read or listed, so a crafted or garbage blob cannot make the tool slow or exhaust memory. What was read \
            before the limit is shown.
            """
        case .dateImplausible: """
            Bookmark dates are big-endian 64-bit floats counting seconds since 2001-01-01 UTC (the only big-endian \
            field of the format). This one lies before 1984 or after 2100, or is not a finite number. It is shown as \
            decoded. A byte-swapped or overwritten date is the usual cause; for a forensic timeline, treat it as \
            unreliable rather than as the time the file or volume was made.
            """
        default: ""
        }
    }

    var aliasExplanation: String {
        switch self {
        case .aliasTruncated: """
            A classic Alias Manager record (resource type 'alis', stored in old Finder aliases and in pre-10.11 login \
            item and recent-item plists) is big-endian: 4 bytes of application data, a 2-byte record size, a 2-byte \
            version, then 142 fixed bytes (version 2) or 46 (version 3) before its tagged fields. These bytes end \
            before that fixed part or before the size the record declares. What fits is decoded.
            """
        case .aliasSizeMismatch: """
            The record size at offset 4 should equal the number of bytes of the alias record. Here it does not. When \
            the record is longer, the bytes past the declared size are not read; when it is shorter, the tagged \
            fields near the end are lost. The data value holding the record was cut, padded or damaged.
            """
        case .aliasVersion: """
            Alias Manager records have version 2 (classic Mac OS and early OS X, with fixed-size Pascal names) or 3 \
            (later OS X, with high-resolution dates and names only in tagged fields). This version word is neither, \
            so the fixed fields cannot be located; only the application data, size and version are shown. The word \
            was damaged, or the bytes are not an alias record.
            """
        case .aliasTagTruncated: """
            After its fixed part an alias record holds tagged fields: a 2-byte tag, a 2-byte length, the value, and a \
            pad byte after an odd length, ending with tag 0xffff. This field's length runs past the end of the \
            record, so it and the fields after it are not read. Fields read before it (names, paths, dates) are \
            shown.
            """
        case .aliasNoEndTag: """
            The tagged fields of an alias record end with the tag 0xffff (and a zero length). These run to the end \
            of the record without it: the record was cut short, or its size field is too small. Every field that \
            fits is shown, but fields after the cut are lost.
            """
        default: ""
        }
    }
}
