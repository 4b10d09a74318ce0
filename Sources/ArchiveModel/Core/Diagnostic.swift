/// How serious a diagnostic is.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    /// Information a debugger wants but that Apple's readers accept silently.
    case note
    /// Unusual or non-Apple; Apple's reader may still accept it.
    case warning
    /// Apple's reader would reject this, or the data cannot be decoded.
    case error

    private var rank: Int {
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
/// `id` is stable (e.g. `bplist.ref.out-of-range`) so scripts and tests can match on it; `message` is
/// lowercase and carries the numbers involved.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public let id: String
    public let severity: Severity
    public let message: String
    /// Bytes of the input the problem is about, when known.
    public let range: ByteRange?
    /// Line and column, for text formats.
    public let position: TextPosition?
    /// The object (bplist object index, or archive object id) the problem belongs to.
    public let object: Int?

    public init(
        _ id: String, _ severity: Severity, _ message: String,
        range: ByteRange? = nil, position: TextPosition? = nil, object: Int? = nil
    ) {
        self.id = id
        self.severity = severity
        self.message = message
        self.range = range
        self.position = position
        self.object = object
    }

    /// The offset used for sorting and for the `offset:` column of `--check`.
    public var sortOffset: Int { range?.start ?? Int.max }

    /// `offset[ line:col]: severity: id: message`, the `--check` line format.
    public var description: String {
        var location = range.map { String($0.start) } ?? "-"
        if let position { location += " (\(position))" }
        return "\(location): \(severity.rawValue): \(id): \(message)"
    }
}

extension Array where Element == Diagnostic {
    /// Diagnostics sorted by offset, then severity (worst first), then id.
    public func sortedByOffset() -> [Diagnostic] {
        sorted { a, b in
            if a.sortOffset != b.sortOffset { return a.sortOffset < b.sortOffset }
            if a.severity != b.severity { return a.severity > b.severity }
            return a.id < b.id
        }
    }

    /// The worst severity present, or nil when empty.
    public var worstSeverity: Severity? { map(\.severity).max() }
}
