import ArchiveCore

/// The header and the four tables of a NIBArchive, with every problem of the layout: a short header,
/// unknown versions, tables outside the file or inside the header, counts that cannot fit, tables cut
/// short or unreadable past an entry, tables sharing bytes, unused bytes.
///
/// Opening reads the header and the object, key and class-name tables; the value table is read as far
/// as the objects shown need. So the header's problems and those of the tables read at open are known
/// at once (`openDiagnostics`); the value table's, the overlaps and the unused bytes come with the full
/// check (`tableDiagnostics`), which reads everything.
///
/// Header (FORMATS.md E, little-endian): offset 0 "NIBArchive", 10 format word (1), 14 coder version
/// (9 or 10), then from 18 a (count, offset) pair of 32-bit words for each table in `NIBTableKind` order.
package struct NIBArchiveLayout: Sendable {
    package static let headerSize = 50
    package static let signature = Array("NIBArchive".utf8)

    let formatVersion: UInt32?
    let coderVersion: UInt32?
    /// The tables, indexed by `NIBTableKind.rawValue`.
    package let tables: [NIBArchiveTable]
    let fileSize: Int
    /// The header's problems and those of the tables read at open.
    let openDiagnostics: [Diagnostic]

    package init(input: InputBytes) {
        let reader = NIBArchiveReader(input: input)
        fileSize = input.count
        guard input.count >= Self.headerSize else {
            formatVersion = nil
            coderVersion = nil
            tables = NIBTableKind.allCases.map { NIBArchiveTable(kind: $0, declaredCount: 0, offset: Self.headerSize, reader: reader) }
            openDiagnostics = [NIBArchiveIssue.headerTruncated(size: input.count).diagnostic(ByteRange(0, input.count))]
            return
        }
        var found: [Diagnostic] = []
        let format = reader.uint32(at: 10) ?? 0, coder = reader.uint32(at: 14) ?? 0
        formatVersion = format
        coderVersion = coder
        if format != 1 { found.append(NIBArchiveIssue.headerFormatVersion(format).diagnostic(ByteRange(10, 14))) }
        if coder != 9, coder != 10 { found.append(NIBArchiveIssue.headerCoderVersion(coder).diagnostic(ByteRange(14, 18))) }
        func table(_ kind: NIBTableKind, valueBound: Int = 0) -> NIBArchiveTable {
            let field = Self.countField(kind)
            return NIBArchiveTable(kind: kind, declaredCount: reader.uint32(at: field) ?? 0, offset: Int(reader.uint32(at: field + 4) ?? 0),
                                   reader: reader, valueBound: valueBound, eager: kind != .values)
        }
        // The object scan notes the runs of values below the declared value count (the values that
        // exist are known when the value table has been read).
        let values = table(.values)
        tables = [table(.objects, valueBound: Int(values.declaredCount)), table(.keys), values, table(.classNames)]
        for kind in [NIBTableKind.objects, .keys, .classNames] { found += Self.check(tables[kind.rawValue], fileSize: input.count) }
        openDiagnostics = found
    }

    /// The problems of the value table and of how the four tables lie in the file (reads the value
    /// table in full).
    func tableDiagnostics() -> [Diagnostic] {
        guard fileSize >= Self.headerSize else { return [] }
        return Self.check(self[.values], fileSize: fileSize) + Self.overlaps(tables) + Self.unusedBytes(tables, fileSize: fileSize)
    }

    /// The header offset of a table's count; its offset field follows at +4.
    package static func countField(_ kind: NIBTableKind) -> Int { 18 + 8 * kind.rawValue }

    subscript(kind: NIBTableKind) -> NIBArchiveTable { tables[kind.rawValue] }

    /// Where the table is, how many entries it claims, and why it could not be read in full.
    private static func check(_ table: NIBArchiveTable, fileSize: Int) -> [Diagnostic] {
        guard table.declaredCount > 0 else { return [] }
        let kind = table.kind, count = table.declaredCount
        let countField = ByteRange(start: countField(kind), count: 4), offsetField = ByteRange(start: countField.end, count: 4)
        if table.offset >= fileSize {
            return [NIBArchiveIssue.tableOutOfFile(kind, offset: table.offset, count: count, fileSize: fileSize).diagnostic(offsetField)]
        }
        var found: [Diagnostic] = []
        if table.offset < headerSize {
            found.append(NIBArchiveIssue.tableInHeader(kind, offset: table.offset).diagnostic(offsetField))
        }
        let fits = (fileSize - table.offset) / kind.minimumEntrySize
        let tooMany = Int(count) > fits
        if tooMany {
            found.append(NIBArchiveIssue.tableCountTooLarge(kind, count: count, offset: table.offset, fits: fits, fileSize: fileSize)
                .diagnostic(countField, notes: [DiagnosticNote("the \(kind.noun) table starts here", range: ByteRange(start: table.offset, count: 1))]))
        }
        switch table.failure {
        case nil:
            break
        case .truncated(let start, let end):
            if !tooMany {
                found.append(NIBArchiveIssue.tableTruncated(kind, found: table.found, count: count, entryStart: start, fileSize: end)
                    .diagnostic(ByteRange(start, end), notes: [DiagnosticNote("the header's count", range: countField)]))
            }
        case .overflow(let range):
            found.append(NIBArchiveIssue.varintOverflow(kind, entry: table.found, found: table.found, count: count).diagnostic(range))
        case .unknownType(let type, let offset):
            found.append(NIBArchiveIssue.valueUnknownType(type: type, value: table.found, found: table.found, count: count)
                .diagnostic(ByteRange(start: offset, count: 1), notes: [DiagnosticNote("the value starts here", range: ByteRange(table.end, offset))]))
        }
        return found
    }

    /// Pairs of tables whose read entries share bytes.
    private static func overlaps(_ tables: [NIBArchiveTable]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for (i, a) in tables.enumerated() {
            for b in tables.dropFirst(i + 1) where a.range.overlaps(b.range) {
                let shared = ByteRange(Swift.max(a.range.start, b.range.start), Swift.min(a.range.end, b.range.end))
                found.append(NIBArchiveIssue.tableOverlap(a.kind, b.kind, shared)
                    .diagnostic(shared, notes: [DiagnosticNote("the \(b.kind.noun) table", range: b.range)]))
            }
        }
        return found
    }

    /// Most unused stretches reported one by one.
    static let unusedReportLimit = 64

    /// Stretches after the header that no table's entries cover.
    private static func unusedBytes(_ tables: [NIBArchiveTable], fileSize: Int) -> [Diagnostic] {
        let covered = tables.filter { $0.range.count > 0 }.sorted { $0.range.start < $1.range.start }
        var found: [Diagnostic] = []
        var position = headerSize
        var previous: NIBArchiveTable?
        for table in covered {
            if table.range.start > position, found.count < unusedReportLimit {
                let where_ = previous.map { "between the \($0.kind.noun) table and the \(table.kind.noun) table" } ?? "before the \(table.kind.noun) table"
                found.append(NIBArchiveIssue.bytesUnused(ByteRange(position, table.range.start), before: where_).diagnostic(ByteRange(position, table.range.start)))
            }
            if table.range.end > position {
                position = table.range.end
                previous = table
            }
        }
        if fileSize > position {
            let where_ = previous.map { "after the \($0.kind.noun) table, the last one" } ?? "no table has entries"
            found.append(NIBArchiveIssue.bytesUnused(ByteRange(position, fileSize), before: where_).diagnostic(ByteRange(position, fileSize)))
        }
        return found
    }
}

extension NIBArchiveLayout {
    /// Whether the header's four tables are read whole and the last of them ends exactly where the file
    /// does: then no byte is missing (a conversion that took bytes out, CR LF → LF, cannot have
    /// happened, whatever the bytes inside its values say).
    package var accountsForEveryByte: Bool {
        guard formatVersion != nil, !tables.isEmpty else { return false }
        let whole = tables.allSatisfy { $0.failure == nil && $0.found == Int($0.declaredCount) }
        return whole && tables.map(\.end).max() == fileSize
    }
}
