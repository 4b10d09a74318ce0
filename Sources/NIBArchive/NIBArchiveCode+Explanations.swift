import ArchiveCore

extension NIBArchiveCode {
    /// The `--explain` paragraph: what it means, how a nib loader behaves, usual causes, what to do.
    package var explanation: String {
        switch self {
        case .headerTruncated, .headerFormatVersion, .headerCoderVersion, .tableOutOfFile, .tableInHeader,
             .tableCountTooLarge, .tableTruncated, .tableOverlap, .varintOverflow, .bytesUnused:
            layoutExplanation
        default:
            entryExplanation
        }
    }

    private var layoutExplanation: String {
        switch self {
        case .headerTruncated: """
            A NIBArchive starts with a 50-byte header: the ten letters "NIBArchive", two 32-bit version words, then a \
            count and an offset for each of its four tables (objects, keys, values, class names), all little-endian. This \
            file stops before the header is complete, so not even the tables can be found and nothing is decoded. A nib \
            loader refuses such a file. It is almost always a copy or download cut short, or the first bytes of a nib \
            carved out of a larger blob. Look for the complete file; the hex view shows what is there.
            """
        case .headerFormatVersion: """
            The 32-bit word at offset 10, right after the "NIBArchive" signature, is 1 in every nib ibtool writes. This \
            file has another number there. Its meaning is not documented, so the rest of the file is decoded as the known \
            format, but a nib loader may refuse a version it does not know, and if the word was damaged the counts and \
            offsets after it may be damaged too. Compare the tables the header points to with the diagnostics about them: \
            when they decode cleanly, only this word changed.
            """
        case .headerCoderVersion: """
            The 32-bit word at offset 14 is the coder version of the archive. Interface Builder's compiler writes 9 in \
            older nibs and 10 in current ones (both are seen in the corpus); this file holds another value. The tables \
            are decoded the same way regardless, since the layout is the same in 9 and 10, but a newer version may mean a \
            layout change this tool does not know, and an absurd value usually means the header was overwritten. When the \
            tables decode without errors, the file is probably from a newer Xcode.
            """
        case .tableOutOfFile: """
            The header gives each of the four tables an offset, and this table's offset lies at or past the end of the \
            file while its count says it has entries. None of its entries can be read: objects then have no values, keys \
            or classes, depending on which table it is, and those references are reported too. A nib loader fails on the \
            file. The usual cause is a truncated file (the tables come in order, so the last ones are lost first) or a \
            damaged header word; the message gives the file size and the offset the header claims.
            """
        case .tableInHeader: """
            A table's offset points inside the 50-byte header, where the signature, versions, counts and offsets are, and \
            no table can start there. The entries are still read from that offset, as a loader that trusts the header \
            would read them, so what follows is header bytes decoded as entries and usually more diagnostics. Such an \
            offset is never written by ibtool; it comes from a damaged or hand-made header, or from a fuzzer. The other \
            tables' diagnostics show whether only this offset is wrong.
            """
        case .tableCountTooLarge: """
            Each entry of a table takes a minimum number of bytes (three for an object, one for a key, two for a value or \
            a class name), and the count in the header needs more bytes than the file has from the table's offset to its \
            end. Only the entries that fit are read; the objects and references that need the others are reported as out \
            of range. A count near 2^32 is a damaged or hostile header; a count slightly too large usually means the file \
            lost its tail. The message gives the claimed count and how many entries the remaining bytes could hold.
            """
        case .tableTruncated: """
            The file ends inside this table: fewer entries could be read than the header declares, and the last one \
            started was cut. Everything read before it is shown; entries after it do not exist, so objects, values or \
            references that need them are reported as out of range. The tables come in the order objects, keys, values, \
            class names, so a cut file usually loses its class names first, and every object then shows without a class. \
            The file was cut short in a transfer, a copy or a crash while writing; look for a complete copy.
            """
        case .tableOverlap: """
            Two tables, as far as their entries could be read, share bytes: the same bytes are read once as entries of one \
            table and once as entries of the other, and at most one reading can be right. ibtool writes the four tables \
            one after the other without gaps. An overlap comes from a damaged offset or count in the header, or from a \
            table whose entries were misread after damage and ran on into the next one. The note shows the other table; \
            the table diagnostics near it usually show which one is wrong.
            """
        case .varintOverflow: """
            NIBArchive stores counts, lengths and indices as variable-length integers of 7 bits a byte, least \
            significant first, whose last byte has the high bit set. This one either has no byte with the high bit set \
            within ten bytes, or carries more than 64 bits of value; ten bytes hold any 64-bit number, and ibtool's \
            numbers take one to five bytes. The table cannot be read past it, since where the entry ends is unknown. \
            Runs of bytes below 0x80, such as zeros or text, read as such an integer, so this often marks overwritten data.
            """
        case .bytesUnused: """
            These bytes lie in no table and after the header: they are between two tables or after the last one, and no \
            entry of the archive uses them. A nib loader never reads them, so they change nothing about what the nib \
            loads, which is why this is a note. ibtool writes the tables back to back, but some coder-version-10 nibs are \
            reported to end with bytes of unknown purpose. Unused bytes in the middle of the file, or many of them, point \
            to a table whose count or offset was changed.
            """
        default: ""
        }
    }

    private var entryExplanation: String {
        switch self {
        case .keyInvalidUTF8: """
            Keys are stored as a length and UTF-8 bytes, and this key's bytes are not valid UTF-8. A nib loader builds \
            an NSString from them, which fails on invalid UTF-8, so every value stored under the key becomes unreadable \
            and the nib may fail to load. The key is shown with each invalid byte replaced by U+FFFD. ibtool only writes \
            valid UTF-8, so this is damage inside the key table: a changed byte, or a length that is off so the key \
            swallowed bytes of its neighbour.
            """
        case .classUnterminated: """
            Class names are stored as a length, a count of extra 32-bit words, the words, and the name's bytes including \
            a terminating zero byte. This entry's last byte is not zero (or its length is zero), so the stored name has no \
            terminator. The name is shown as stored, without a last byte that is missing. A loader that looks the class \
            up by C string could read past the name; one that uses the length reads a name one byte short. Either way, \
            the length or the name bytes were changed.
            """
        case .classInvalidUTF8: """
            This class name's bytes are not valid UTF-8. Class names in nibs are Objective-C or Swift runtime names, which \
            are UTF-8, and a nib loader looks each class up by its name: a name that cannot be read names no class, so \
            every object of the class fails to instantiate and the nib fails to load. The name is shown with each invalid \
            byte replaced by U+FFFD. The bytes of the class-name table were damaged, or the table starts at the wrong offset.
            """
        case .valueUnknownType: """
            Each value has a type byte: 0 to 3 are 8-, 16-, 32- and 64-bit integers, 4 false, 5 true, 6 a float, 7 a \
            double, 8 data with its length, 9 nil and 10 an object reference. This value's type byte is none of these, \
            so the size of its payload, and so where the next value starts, are unknown. The value table is read up to \
            here and no further; objects whose values come later show them as unreadable. A nib loader stops at the same \
            place. Damage in the middle of the value table usually causes it.
            """
        case .valueKeyOutOfRange: """
            A value names its key by an index into the key table, and this index is not below the number of keys that \
            could be read. The value is shown under a placeholder key, so its content is still visible, but a loader \
            asking for any key will never find it, and a loader that indexes the key table without checking reads \
            memory past it. ibtool never writes such an index. It comes from a changed byte in the value, or from a key \
            table cut short by a truncated or damaged file.
            """
        case .valueRefOutOfRange: """
            An object-reference value (type 10) holds a 32-bit index into the object table, and this index is not below \
            the number of objects that could be read. The reference leads nowhere: it is shown as dangling, and a nib \
            loader would fail or crash on it when the object holding it is instantiated. References are written by \
            ibtool only for objects it wrote, so the index or the object count in the header was damaged, or the object \
            table was cut short.
            """
        case .valueUnowned: """
            Every object lists its values as a run of the value table (a first index and a count), and ibtool writes the \
            runs one after the other so that each value belongs to exactly one object. These values belong to no object's \
            run: no loader ever reads them. Their content is decoded anyway and listed here by position. A gap in the \
            runs usually means an object's first index or count was changed, leaving values behind, or the object count \
            in the header is too small and the last objects were dropped.
            """
        case .rootMissing: """
            A nib loader starts decoding at the first object of the object table, #0, the root object that holds the \
            top-level objects and the connections. This archive has no readable object at all, because the object count \
            is zero or the object table cannot be read, so there is nothing to load and nothing to show. The other \
            diagnostics say why the object table is empty. A nib ibtool writes always has at least the root and the \
            objects it lists.
            """
        case .objectClassOutOfRange: """
            An object names its class by an index into the class-name table, and this index is not below the number of \
            class names that could be read. The object is shown without a class, with its values, but a loader cannot \
            instantiate it and fails on the nib. The class-name table comes last in the file, so a truncated file loses \
            class names before anything else and many objects report this; otherwise the object entry or the class count \
            in the header was damaged.
            """
        case .objectValuesOutOfRange: """
            An object lists its values as a first index into the value table and a count, and the run ends past the last \
            value that could be read. The values that exist are shown; the missing ones are marked. A nib loader would read \
            past the value table for this object, or fail. The run is stored as two variable-length integers in the object \
            table, so a changed byte there causes this, and so does a value table cut short, in which case the table \
            diagnostic explains it.
            """
        case .objectValuesOverlap: """
            This object's run of values shares values with another object's run: the same stored values are read as \
            fields of both objects. ibtool writes each object's values once, in a run of their own, so this never comes \
            from Interface Builder. A loader would decode the shared values twice, which may well work, but the layout is \
            damaged: usually one object's first index or count was changed. Both objects are shown with the shared \
            values; the note names the other object.
            """
        case .objectUnreachable: """
            Decoding a nib starts at object #0 and follows references from there, and nothing reachable from #0 refers to \
            this object, so a loader never instantiates it. The browser lists such objects under lost and found. ibtool \
            writes only objects the root reaches, so an unreachable object usually means a reference to it was damaged \
            (look for a dangling reference elsewhere) or the archive was edited by another tool. Objects reachable only \
            from this one are not reported separately.
            """
        case .objectNoSuchID: """
            An object id was asked for that is not in the object table: below zero, or not below the number of objects \
            that could be read. Object ids in this tool are the positions in the NIBArchive object table, #0 being the \
            first (the root), so they match what other nib tools print. This happens when going to an id typed by hand, \
            such as :#12 in the browser, that the archive does not have; it is never caused by the file's bytes alone.
            """
        default: ""
        }
    }
}
