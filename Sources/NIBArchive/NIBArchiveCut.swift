import ArchiveCore

/// `damage.truncated` for a NIBArchive, from its header's arithmetic (FORMATS.md E): the four tables'
/// offsets and counts say how far the file must reach. A table that starts at or past the end, or whose
/// entries run into it (a varint length or a payload running past the last byte), says the file was
/// cut, and the entry's own lengths and the entries still to come say by at least how much.
package enum NIBArchiveCut {
    /// One table the end of the file fell in or before.
    struct Shortfall {
        let kind: NIBTableKind
        /// Where the file must reach at least for this table to be whole.
        let needsEnd: Int
        /// Part of the message: what of the table lies past the end.
        let text: String
        let notes: [DiagnosticNote]
    }

    /// The diagnostic when `input`'s own numbers show it was cut; `errors` are its reading's errors,
    /// `graph` its graph when the caller has it.
    package static func find(input: InputBytes, errors: [Diagnostic], graph: (any ObjectGraph)?) -> Diagnostic? {
        let n = input.count
        guard n >= NIBArchiveLayout.headerSize else {
            let missing = NIBArchiveLayout.headerSize - n
            return Diagnostic(DamageCode.truncated,
                              "the file is cut short: it is only \(ValueFormatter.byteCount(n)), and the NIBArchive header alone takes 50, "
                              + "so at least \(ValueFormatter.byteCount(missing)) \(missing == 1 ? "is" : "are") missing and none of its four tables is there",
                              range: ByteRange(n, n))
        }
        let layout = (graph as? NIBArchiveGraph)?.layout ?? NIBArchiveLayout(input: input)
        let reader = NIBArchiveReader(input: input)
        let shortfalls = layout.tables.compactMap { shortfall($0, reader: reader, inputSize: n) }
        guard let needsEnd = shortfalls.map(\.needsEnd).max(), needsEnd > n else { return nil }
        let missing = needsEnd - n
        return Diagnostic(DamageCode.truncated,
                          "the file is cut short: it ends at offset \(n), but its header's table extents reach further: "
                          + shortfalls.map(\.text).joined(separator: "; ")
                          + "; at least \(ValueFormatter.byteCount(missing)) \(missing == 1 ? "is" : "are") missing",
                          range: ByteRange(n, n), notes: shortfalls.flatMap(\.notes))
    }

    /// What of `table` lies past the end of an `n`-byte file, if anything does.
    static func shortfall(_ table: NIBArchiveTable, reader: NIBArchiveReader, inputSize n: Int) -> Shortfall? {
        let kind = table.kind, count = Int(table.declaredCount)
        guard count > 0 else { return nil }
        let fields = ByteRange(start: NIBArchiveLayout.countField(kind), count: 8)
        let declared = "the header's count and offset of the \(kind.noun) table: \(English.count(count, kind.singular)) from offset \(table.offset)"
        if table.offset >= n {
            return Shortfall(kind: kind, needsEnd: table.offset + count * kind.minimumEntrySize,
                             text: "the \(kind.noun) table (\(English.count(count, kind.singular))) starts at offset \(table.offset), past the end",
                             notes: [DiagnosticNote(declared, range: fields)])
        }
        guard case .truncated(let start, _)? = table.failure else { return nil }
        let found = table.found
        let entryEnd = reader.declaredEnd(kind, at: start)
        let later = Swift.max(0, count - found - 1)
        let reach = Swift.max(entryEnd, n + 1)
        let (rest, o1) = later.multipliedReportingOverflow(by: kind.minimumEntrySize)
        let (sum, o2) = reach.addingReportingOverflow(rest)
        let needsEnd = o1 || o2 ? Int.max : sum
        let entry = start < n
            ? "\(kind.singular) \(found) starts at offset \(start) and by its own lengths runs to offset \(reach)"
            : "\(kind.singular) \(found) would start at offset \(start), the end"
        return Shortfall(kind: kind, needsEnd: needsEnd,
                         text: "the \(kind.noun) table ends early: \(entry), and \(found) of the \(English.count(count, kind.singular)) the header declares are whole",
                         notes: [DiagnosticNote(declared, range: fields),
                                 DiagnosticNote("\(kind.singular) \(found), cut by the end of the file", range: ByteRange(start, n))])
    }
}
