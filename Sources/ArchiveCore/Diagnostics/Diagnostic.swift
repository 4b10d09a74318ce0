/// How serious a diagnostic is.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    /// Information a debugger wants but that Apple's readers accept silently.
    case note
    /// Unusual or non-Apple; Apple's reader may still accept it.
    case warning
    /// Apple's reader would reject this, or the data cannot be decoded.
    case error

    var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A located problem found while decoding or validating an input.
///
/// `id` is stable (e.g. `bplist.ref.out-of-range`) so scripts and tests can match on it, and registered
/// in `DiagnosticRegistry` with its explanation; `message` is lowercase and carries the numbers
/// involved. `range` is where the defect is (the damaged field); `notes` say where its effects show.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The stable id (`keyed.ref.dangling`): match on it, not on the message; `DiagnosticRegistry.kind(_:)` explains it.
    public let id: String
    /// How bad it is: an error, a warning or a note.
    public let severity: Severity
    /// The message, with the numbers involved; display-safe.
    public let message: String
    /// Bytes of the input the problem is about, when known.
    public let range: ByteRange?
    /// Line and column, for text formats.
    public let position: TextPosition?
    /// The object (bplist object index, or archive object id) the problem belongs to.
    public let object: Int?
    /// Secondary locations: where the defect's effects show, or what it is measured against.
    public let notes: [DiagnosticNote]
    /// For the note that stands for diagnostics a producer counted but did not store (see
    /// `DiagnosticBudget`): which id and how many.
    package let suppression: DiagnosticSuppression?

    /// A diagnostic of the registered kind `code`, with the kind's severity unless `severity` is given.
    package init<Code: DiagnosticCatalog>(
        _ code: Code, _ message: String, severity: Severity? = nil,
        range: ByteRange? = nil, position: TextPosition? = nil, object: Int? = nil, notes: [DiagnosticNote] = [],
        suppression: DiagnosticSuppression? = nil
    ) {
        self.init(code.rawValue, severity ?? code.severity, message, range: range, position: position, object: object, notes: notes,
                  suppression: suppression)
    }

    /// A diagnostic with an id given as text. Producers use the catalog initializer, so that every id
    /// they report is registered; this one serves stand-ins in tests and copies of diagnostics.
    package init(
        _ id: String, _ severity: Severity, _ message: String,
        range: ByteRange? = nil, position: TextPosition? = nil, object: Int? = nil, notes: [DiagnosticNote] = [],
        suppression: DiagnosticSuppression? = nil
    ) {
        self.id = id
        self.severity = severity
        self.message = message.utf8.count > Self.messageLimit
            ? String(String.UnicodeScalarView(message.unicodeScalars.prefix(Self.messageLimit))) + "…" : message
        self.range = range
        self.position = position
        self.object = object
        self.notes = notes
        self.suppression = suppression
    }

    /// A copy with other fields (for re-homing a diagnostic: another object, range, message or notes).
    package func with(
        message: String? = nil, severity: Severity? = nil, range: ByteRange?? = nil, object: Int?? = nil,
        notes: [DiagnosticNote]? = nil
    ) -> Diagnostic {
        Diagnostic(id, severity ?? self.severity, message ?? self.message, range: range ?? self.range,
                   position: position, object: object ?? self.object, notes: notes ?? self.notes, suppression: suppression)
    }

    /// Longest message kept, in Unicode scalars; longer ones are cut with `…`. Messages quote file text
    /// cut (`ValueFormatter.excerpt`); this bounds a message that would not, raised for each of many objects.
    package static let messageLimit = 2_000

    /// The offset used for sorting and for the `offset:` column of `--check`.
    var sortOffset: Int { range?.start ?? Int.max }

    /// `offset[ line:col]: severity: id: message`, the `--check` line format.
    public var description: String {
        var location = range.map { String($0.start) } ?? "-"
        if let position { location += " (\(position))" }
        return "\(location): \(severity.rawValue): \(id): \(message)"
    }
}

extension Array where Element == Diagnostic {
    /// Diagnostics sorted by offset, then severity (worst first), then id; equal keys keep their order.
    ///
    /// Sorts positions by precomputed keys and gathers once, so a damaged file's thousands of
    /// diagnostics are not moved (with their strings) at every step of the sort; an already sorted list
    /// is returned as it is.
    public func sortedByOffset() -> [Diagnostic] {
        let offsets = map(\.sortOffset)
        let ranks = map { 2 - $0.severity.rank }
        func precedes(_ i: Int, _ j: Int) -> Bool {
            if offsets[i] != offsets[j] { return offsets[i] < offsets[j] }
            if ranks[i] != ranks[j] { return ranks[i] < ranks[j] }
            if self[i].id != self[j].id { return self[i].id < self[j].id }
            return i < j
        }
        guard count > 1, !(1..<count).allSatisfy({ precedes($0 - 1, $0) }) else { return self }
        return (0..<count).sorted(by: precedes).map { self[$0] }
    }

    /// The worst severity present, or nil when empty.
    public var worstSeverity: Severity? { map(\.severity).max() }
}
