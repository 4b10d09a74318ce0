import ArchiveCore
import BinaryPlist

/// `damage.line-endings`: a text-mode transfer rewrote the CR and LF bytes of a binary file. Two
/// shapes: every CR became LF (same length: the file has no 0x0D byte, offset-table entries and
/// references read 10 where 13 belongs), or every CR LF pair became LF (the file is shorter than its
/// trailer says, by as many bytes as pairs were lost).
enum LineEndingEvidence {
    static func find(_ context: DamageContext) -> [Diagnostic] {
        guard context.isBinary else { return [] }
        let stats = context.statistics
        let lf = stats.count(0x0A), cr = stats.count(0x0D)
        if case .binaryPlist = context.format, let shorter = pairsLost(context, lf: lf) { return [shorter] }
        guard cr == 0, lf >= 2 else { return [] }
        let tail = BinaryPlistTail(input: context.input)
        let entries: [FixableEntry]
        if case .binaryPlist = context.format { entries = fixableEntries(tail) } else { entries = [] }
        let neighbours = [0x09, 0x0B, 0x0C, 0x0E].map { stats.histogram[$0] }
        let mean = Double(neighbours.reduce(0, +)) / Double(neighbours.count)
        let excess = mean >= 2 && Double(lf) >= 1.6 * mean + 2
        let symptoms = context.errors.filter { d in d.range.map { r in containsLF(context.input, r) } ?? false }
        guard !entries.isEmpty || (excess && !symptoms.isEmpty) else { return [] }
        var notes = entries.prefix(6).map { e in
            DiagnosticNote("offset-table entry \(e.index) reads \(e.read) and points into the middle of the objects; with 0x0D for its 0x0A "
                           + "it reads \(e.fixed), between its neighbours", range: e.range)
        }
        if entries.count > 6 { notes.append(DiagnosticNote("\(entries.count - 6) more offset-table entries like these")) }
        notes += symptoms.prefix(4).map { d in DiagnosticNote("an error at a 0x0A byte: \(d.id): \(d.message)", range: d.range) }
        let statistics = "it holds \(lf) LF (0x0A) bytes and no CR (0x0D) byte, where neighbouring values 0x09, 0x0B, 0x0C and 0x0E "
            + "occur \(String(format2: mean)) times on average"
        return [Diagnostic(DamageCode.lineEndings,
                           "a text-mode transfer turned every CR byte (0x0D) of this binary file into LF (0x0A): \(statistics)"
                           + (entries.isEmpty ? "" : "; \(English.count(entries.count, "offset-table entry", plural: "offset-table entries")) "
                              + (entries.count == 1 ? "makes" : "make") + " sense only with 0x0D"),
                           range: entries.first?.range ?? symptoms.first?.range ?? ByteRange(0, 0), notes: notes)]
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
    private static func pairsLost(_ context: DamageContext, lf: Int) -> Diagnostic? {
        let tail = BinaryPlistTail(input: context.input)
        guard let missing = BinaryPlistShortfall.find(tail), let f = tail.trailerShape, lf >= missing, !hasCRLF(context.input) else { return nil }
        let actual = f.tableOffset - missing
        return Diagnostic(DamageCode.lineEndings,
                          "a text-mode transfer turned CR LF byte pairs into a single LF: the file is \(ValueFormatter.byteCount(missing)) shorter "
                          + "than its trailer says (offset table at \(f.tableOffset)), its offset table sits at \(actual) instead, "
                          + "and it holds \(lf) LF (0x0A) bytes but no CR LF pair; each lost CR shifted every object after it",
                          range: ByteRange(start: context.input.count - 8, count: 8),
                          notes: [DiagnosticNote("the trailer's offset-table offset, \(f.tableOffset)", range: ByteRange(start: context.input.count - 8, count: 8)),
                                  DiagnosticNote("the offset table, \(ValueFormatter.byteCount(missing)) earlier than the trailer says",
                                                 range: ByteRange(start: actual, count: f.count * f.offsetSize))])
    }

    static func hasCRLF(_ input: InputBytes) -> Bool {
        input.buffer.withMemoryRebound(to: UInt8.self) { bytes in
            guard bytes.count >= 2 else { return false }
            for i in 0..<(bytes.count - 1) where bytes[i] == 0x0D && bytes[i + 1] == 0x0A { return true }
            return false
        }
    }

    static func containsLF(_ input: InputBytes, _ range: ByteRange) -> Bool {
        let clamped = input.clamp(range)
        guard clamped.count > 0, clamped.count <= 64 else { return false }
        return input.bytes(in: clamped).contains(0x0A)
    }
}

extension String {
    /// A mean with one decimal.
    init(format2 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }
}
