import ArchiveCore

extension BookmarkCode {
    /// The `--explain` paragraph: what it means, how CoreServices behaves, usual causes, what to do.
    package var explanation: String {
        switch self {
        case .headerTruncated, .headerBadMagic, .headerLengthMismatch, .headerDataOffset, .headerVersion,
             .tocOutOfRange, .tocBadMagic, .tocLoop, .tocTooMany, .tocCountTooLarge, .tocLengthMismatch, .tocUnsorted:
            layoutExplanation
        case .aliasTruncated, .aliasSizeMismatch, .aliasVersion, .aliasTagTruncated, .aliasNoEndTag:
            aliasExplanation
        default:
            itemExplanation
        }
    }

    private var layoutExplanation: String {
        switch self {
        case .headerTruncated: """
            Bookmark data starts with a 48-byte header (56 bytes in a Finder alias file: 'book', 'mark' and more \
            fields), followed by the 4-byte offset of the first table of contents. These bytes stop before that, so \
            no table and no item can be found. CoreServices refuses such data when resolving the bookmark. It is \
            usually a data value cut short in a damaged property list, or a blob carved from memory or disk without \
            its end. The hex view shows the bytes that are there.
            """
        case .headerBadMagic: """
            Bookmark data begins with the four letters 'book' (a few old writers used 'alis' with the same layout). \
            These bytes begin with something else, so they are not decoded as a bookmark. If they came from a key \
            that normally holds a bookmark, the value was replaced or overwritten; a classic Alias Manager record \
            (big-endian, with a record size and a version 2 or 3 at offsets 4 and 6) is recognised separately as \
            an alias record.
            """
        case .headerLengthMismatch: """
            The header's length field (offset 4; in a Finder alias file the data-area offset plus the data length at \
            offset 24) should equal the number of bytes of the bookmark. When it is larger, the end of the bookmark \
            is missing: tables and items that lay there are reported as out of range, and CoreServices would refuse \
            the data. When it is smaller, bytes follow that the bookmark does not claim: often harmless padding of a \
            carved blob, but they are outside what the writer produced. Compare with the data value that held it.
            """
        case .headerDataOffset: """
            The header says where the data area starts (offset 12, normally 48; offset 20 in a Finder alias file, \
            normally 56). Every table and item offset is counted from there. This offset either points inside the \
            header fields that locate the data area, or so far that the 4-byte first table-of-contents offset does \
            not fit in the bookmark. In the second case nothing can be decoded; in the first, header bytes are read \
            as data. The header was damaged or the blob is not bookmark data.
            """
        case .headerVersion: """
            The header's version word (offset 8, or 28 in a Finder alias file) is 0x10040000 in every bookmark known \
            from macOS 10.6 to today. Another value may be a future format revision or a damaged header. The rest is \
            decoded as the known layout; if tables and items decode cleanly, only this word differs. An absurd value \
            together with other header problems points at overwritten bytes.
            """
        case .tocOutOfRange: """
            A table of contents is located by an offset from the start of the data area: the first one by the data \
            area's first word, each next one by the previous table's next-offset field. This offset leaves no room \
            for the 20-byte table header inside the bookmark (or, for the first table, is 0, so there is no table at \
            all). The keys of that table and of every table after it are lost, so the path, volume and dates they \
            held cannot be shown. The bookmark was cut short or the offset was damaged.
            """
        case .tocBadMagic: """
            Each table of contents carries the marker 0xfffffffe in its second word. This one has another value, so \
            the offset that led here is probably wrong, or the table was overwritten. CoreServices stops reading \
            tables at such a word, and so does this decoder: the entries of this table and the tables after it are \
            not read. The items the earlier tables name are still shown.
            """
        case .tocLoop: """
            The tables of contents form a chain through their next-offset fields, ending with 0. This link points at \
            a table already read, so following it would go round forever. The decoder keeps a set of visited tables, \
            reports the link here and stops the chain; every table read before is kept. A loop never comes from a \
            real writer: it is damage to the next-offset field or a crafted file.
            """
        case .tocTooMany: """
            Real bookmarks have one or two tables of contents (a second one describes, for example, the disk image a \
            volume lives on). This chain goes on past 64 distinct tables, which no writer produces, so the rest are \
            not read. The limit bounds the work a crafted file can cause; the tables read are shown in full.
            """
        case .tocCountTooLarge: """
            A table of contents holds its entry count in its fifth word, and 12 bytes per entry follow. The count \
            needs more bytes than remain in the bookmark, so only the entries that fit are read. A count near 2^32 is \
            a damaged or hostile field; a count slightly too large usually means the end of the bookmark is missing. \
            The message gives both numbers.
            """
        case .tocLengthMismatch: """
            The first word of a table of contents is its size minus 8: 12 bytes (identifier, next offset, count) plus \
            12 per entry. (mac_alias, which dmgbuild uses for the alias files of many disk images, writes 12 per entry minus 8, and \
            that is accepted too.) This one disagrees with the entry count under either rule. Readers go by the count, so the entries are read \
            as the count says, but one of the two fields is wrong; the count-too-large diagnostic, when present, \
            tells which. Hand-made bookmarks from some tools write other lengths.
            """
        case .tocUnsorted: """
            CoreServices finds a key in a table of contents by binary search, so writers store the entries in \
            ascending key order (string keys, with their high bit set, come last). Here a key is not greater than \
            the one before it: a duplicate or an out-of-order entry. Every entry is still shown, but the system may \
            not find some of them when it resolves the bookmark, and a duplicate may show a value the system never \
            uses. This points at an edited or crafted bookmark.
            """
        default: ""
        }
    }
}
