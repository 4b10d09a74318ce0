/// A secondary location of a diagnostic: where one of its effects shows, or what it is measured
/// against (the bytes an offset points at, the key that is almost the missing one).
public struct DiagnosticNote: Hashable, Sendable, CustomStringConvertible {
    /// Lowercase and specific, like a diagnostic's message.
    public let message: String
    /// The bytes the note is about, when known.
    public let range: ByteRange?
    /// Line and column, for text formats.
    public let position: TextPosition?

    package init(_ message: String, range: ByteRange? = nil, position: TextPosition? = nil) {
        self.message = message.utf8.count > Diagnostic.messageLimit
            ? String(String.UnicodeScalarView(message.unicodeScalars.prefix(Diagnostic.messageLimit))) + "…" : message
        self.range = range
        self.position = position
    }

    /// `note at [start, end): message` (text formats add the position).
    public var description: String {
        var location = range.map { "at \($0)" } ?? ""
        if let position { location += location.isEmpty ? "at \(position)" : " (\(position))" }
        return location.isEmpty ? "note: \(message)" : "note \(location): \(message)"
    }
}
