import ArchiveCore

/// Receives the resolved document as events, in document order (`ArchiveExporter` drives it).
/// Sinks write JSON (`JSONExportSink`), XML (`XMLPlistExportSink`) or binary property lists
/// (`BinaryPlistExportSink`), streaming what they can.
public protocol ExportSink {
    /// Opens an array: the values up to `endArray()` are its elements.
    mutating func beginArray()
    /// Closes the innermost open array.
    mutating func endArray()
    /// Opens a dictionary: up to `endDictionary()`, each value follows its `key(_:)`.
    mutating func beginDictionary()
    /// The key of the next value of the open dictionary.
    mutating func key(_ key: String)
    /// Closes the innermost open dictionary.
    mutating func endDictionary()
    /// A leaf value: an element of the open array, or the value of the last key.
    mutating func scalar(_ value: ExportScalar)
    /// Writes out what is still buffered; called once, after the last event.
    mutating func finish()
}
