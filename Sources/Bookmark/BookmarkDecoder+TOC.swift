import ArchiveCore

extension BookmarkDecoder {
    /// Follows the chain of tables of contents from the data area's first word, with a visited set
    /// (a link back is `bookmark.toc.loop`) and at most `Limits.tocs` tables.
    mutating func readTOCs(_ header: BookmarkHeader) {
        // Data area offset 0: the offset of the first table of contents.
        guard let first = reader.u32(header.dataOffset) else { return }
        var field = header.firstTOCField
        if first == 0 {
            report(.tocFirstIsZero, field)
            return
        }
        var offset = first
        var visited: [UInt32: Int] = [:]
        while offset != 0 {
            if let seen = visited[offset] {
                report(.tocLoop(offset: offset, table: seen), field,
                       notes: [DiagnosticNote("table of contents \(seen), read already", range: tocs[seen].headerRange)])
                return
            }
            if tocs.count == Limits.tocs {
                report(.tocTooMany(limit: Limits.tocs), field)
                return
            }
            guard let toc = readTOC(at: offset, from: field, first: tocs.isEmpty) else { return }
            visited[offset] = tocs.count
            tocs.append(toc)
            offset = toc.nextOffset
            field = toc.nextField
        }
    }

    /// One table of contents and the items its entries name; nil when its header cannot be read.
    mutating func readTOC(at offset: UInt32, from field: ByteRange, first: Bool) -> BookmarkTOC? {
        let start = dataOffset + Int(offset)
        // TOC header (20 bytes): 0 length, 4 marker, 8 identifier, 12 next offset, 16 entry count.
        guard let length = reader.u32(start), let magic = reader.u32(start + 4), let identifier = reader.u32(start + 8),
              let next = reader.u32(start + 12), let count = reader.u32(start + 16) else {
            report(.tocOutOfRange(offset: offset, absolute: start, size: reader.count, first: first), field)
            return nil
        }
        let headerRange = ByteRange(start: start, count: BookmarkTOC.headerSize)
        guard magic == BookmarkTOC.magic else {
            report(.tocBadMagic(found: magic, at: start), ByteRange(start: start + 4, count: 4))
            return nil
        }
        let fits = (reader.count - headerRange.end) / BookmarkTOC.entrySize
        let countField = ByteRange(start: start + 16, count: 4)
        if Int(count) > fits {
            report(.tocCountTooLarge(count: count, fits: fits, at: start), countField,
                   notes: [DiagnosticNote("the bookmark ends at \(reader.count)", range: ByteRange(start: reader.count, count: 0))])
        }
        // CoreServices writes 12 + 12 per entry; mac_alias (dmgbuild's alias files) 12 per entry - 8.
        if Int(length) != 12 + 12 * Int(count), Int(length) != 12 * Int(count) - 8 {
            report(.tocLengthMismatch(length: length, count: count), ByteRange(start: start, count: 4),
                   notes: [DiagnosticNote("the entry count", range: countField)])
        }
        let entries = readEntries(from: headerRange.end, count: Swift.min(Int(count), fits), table: tocs.count)
        return BookmarkTOC(offset: offset, headerRange: headerRange, declaredLength: length, identifier: identifier,
                           nextOffset: next, declaredCount: count, entries: entries)
    }

    /// `count` entries of 12 bytes from `start`: key, item offset, flags.
    mutating func readEntries(from start: Int, count: Int, table: Int) -> [BookmarkTOCEntry] {
        var entries: [BookmarkTOCEntry] = []
        var previous: (key: UInt32, field: ByteRange)?
        var unsortedReported = false
        for i in 0..<count {
            let at = start + BookmarkTOC.entrySize * i
            guard let raw = reader.u32(at), let offset = reader.u32(at + 4), let flags = reader.u32(at + 8) else { break }
            let keyField = ByteRange(start: at, count: 4)
            if let previous, raw <= previous.key, !unsortedReported {
                unsortedReported = true
                report(.tocUnsorted(key: raw, previous: previous.key, table: table), keyField,
                       notes: [DiagnosticNote("the key before it", range: previous.field)])
            }
            previous = (raw, keyField)
            let key = readKey(raw, field: keyField)
            let valueField = ByteRange(start: at + 4, count: 4)
            let item = resolve(offset, from: valueField, depth: 1)
            entries.append(BookmarkTOCEntry(range: ByteRange(start: at, count: 12), key: key,
                                            value: BookmarkLink(field: valueField, offset: offset, item: item), flags: flags))
        }
        return entries
    }

    /// A numeric key, or (high bit set) the string item that names the entry.
    mutating func readKey(_ raw: UInt32, field: ByteRange) -> BookmarkKey {
        guard raw & BookmarkKey.stringFlag != 0 else { return .numeric(raw) }
        guard let item = resolve(raw & ~BookmarkKey.stringFlag, from: field, depth: 1) else { return .string(raw: raw, item: nil) }
        guard items[item].type == .string else {
            report(.keyNotString(raw: raw, found: items[item].type), field,
                   notes: [DiagnosticNote("the item it points at", range: items[item].headerRange)])
            return .string(raw: raw, item: nil)
        }
        return .string(raw: raw, item: item)
    }
}
