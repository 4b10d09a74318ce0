/// Receives the resolved document as events, in document order (`ArchiveExporter` drives it).
/// Sinks write JSON (`JSONExportSink`), XML (`XMLPlistExportSink`) or binary property lists
/// (`BinaryPlistExportSink`), streaming what they can.
public protocol ExportSink {
    mutating func beginArray()
    mutating func endArray()
    mutating func beginDictionary()
    /// The key of the next value of the open dictionary.
    mutating func key(_ key: String)
    mutating func endDictionary()
    mutating func scalar(_ value: ExportScalar)
    /// Writes out what is still buffered; called once, after the last event.
    mutating func finish()
}
