import ArchiveCore

/// What a binary plist's trailer and offset table show of a line-ending conversion
/// (`BinaryPlistFormat.lineEndingSigns`): CR LF pairs lost (the file shorter than its trailer says),
/// and offset-table entries that make sense only with their 0x0A bytes read as 0x0D (CR → LF).
enum BinaryPlistLineEndingSigns {
    /// The signs in `input`, which holds `lfCount` LF and `crCount` CR bytes (the offset table is read
    /// for misread entries only when there is no CR and more than one LF: CR → LF's shape).
    static func find(_ input: InputBytes, lfCount: Int, crCount: Int) -> LineEndingSigns {
        let tail = BinaryPlistTail(input: input)
        var signs = LineEndingSigns()
        signs.isShorterThanItsNumbers = isShorterThanItsTrailer(tail)
        if let lost = pairsLost(tail, lf: lfCount) {
            signs.pairsLost = lost
            return signs
        }
        guard crCount == 0, lfCount >= 2 else { return signs }
        let entries = fixableEntries(tail)
        signs.misreadCount = entries.count
        signs.misreadDescription = English.count(entries.count, "offset-table entry", plural: "offset-table entries")
        signs.misreadFields = entries.prefix(6).map { e in
            DiagnosticNote("offset-table entry \(e.index) reads \(e.read) and points into the middle of the objects; with 0x0D for its 0x0A "
                           + "it reads \(e.fixed), between its neighbours", range: e.range)
        }
        if entries.count > 6 { signs.misreadFields.append(DiagnosticNote("\(entries.count - 6) more offset-table entries like these")) }
        return signs
    }

    /// An offset-table entry that is out of order as read and in order with its 0x0A bytes read as 0x0D.
    struct FixableEntry {
        let index: Int
        let read: Int
        let fixed: Int
        let range: ByteRange
    }

    static func fixableEntries(_ tail: BinaryPlistTail, limit: Int = 100_000) -> [FixableEntry] {
        guard let f = tail.fittingTrailer, f.count <= limit else { return [] }
        let values = (0..<f.count).map { tail.entry($0, table: f.tableOffset, width: f.offsetSize) ?? -1 }
        var found: [FixableEntry] = []
        for i in 0..<f.count {
            let previous = i > 0 ? values[i - 1] : 7
            let next = i + 1 < f.count ? values[i + 1] : f.tableOffset
            let value = values[i]
            guard !(value > previous && value < next) else { continue }
            let range = ByteRange(start: f.tableOffset + i * f.offsetSize, count: f.offsetSize)
            let bytes = tail.input.bytes(in: range)
            guard bytes.contains(0x0A) else { continue }
            let fixed = bytes.reduce(0) { $0 << 8 | Int($1 == 0x0A ? 0x0D : $1) }
            if fixed > previous && fixed < next { found.append(FixableEntry(index: i, read: value, fixed: fixed, range: range)) }
        }
        return found
    }

    /// CR LF pairs that became LF: the file is shorter than its trailer says, and it has at least as
    /// many LF bytes as bytes are missing (and no CR LF pair left).
    static func pairsLost(_ tail: BinaryPlistTail, lf: Int) -> Diagnostic? {
        let input = tail.input
        guard let missing = BinaryPlistShortfall.find(tail), let f = tail.trailerShape, lf >= missing, !hasCRLF(input) else { return nil }
        let actual = f.tableOffset - missing
        return Diagnostic(DamageCode.lineEndings,
                          "a text-mode transfer turned CR LF byte pairs into a single LF: the file is \(ValueFormatter.byteCount(missing)) shorter "
                          + "than its trailer says (offset table at \(f.tableOffset)), its offset table sits at \(actual) instead, "
                          + "and it holds \(lf) LF (0x0A) bytes but no CR LF pair; each lost CR shifted every object after it",
                          range: ByteRange(start: input.count - 8, count: 8),
                          notes: [DiagnosticNote("the trailer's offset-table offset, \(f.tableOffset)", range: ByteRange(start: input.count - 8, count: 8)),
                                  DiagnosticNote("the offset table, \(ValueFormatter.byteCount(missing)) earlier than the trailer says",
                                                 range: ByteRange(start: actual, count: f.count * f.offsetSize))])
    }

    /// A trailer that declares more bytes than the file holds: bytes went missing before the trailer.
    static func isShorterThanItsTrailer(_ tail: BinaryPlistTail) -> Bool {
        guard let f = tail.trailerShape else { return false }
        let (table, overflow) = f.count.multipliedReportingOverflow(by: f.offsetSize)
        let (declared, over) = f.tableOffset.addingReportingOverflow(table)
        return !overflow && !over && declared.addingReportingOverflow(32).partialValue > tail.input.count
    }

    static func hasCRLF(_ input: InputBytes) -> Bool {
        input.buffer.withMemoryRebound(to: UInt8.self) { bytes in
            guard bytes.count >= 2 else { return false }
            for i in 0..<(bytes.count - 1) where bytes[i] == 0x0D && bytes[i + 1] == 0x0A { return true }
            return false
        }
    }
}
