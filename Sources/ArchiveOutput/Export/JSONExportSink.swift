import ArchiveCore

/// Writes the resolved document as compact JSON, formatted straight into bytes (no `String` per
/// value) and passed on in chunks of about 1 MiB.
///
/// Types JSON lacks are objects with one `$` key: data `{"$data": "<base64>"}`, a date
/// `{"$date": "<ISO 8601>", "$seconds": <since 2001>}`, a UID `{"$uid": n}`, a real JSON cannot
/// hold `{"$real": "nan" | "inf" | "-inf"}`. Reals are always written with a fraction or an
/// exponent (`3.0`), integers never, so a reader that keeps number types tells them apart.
public struct JSONExportSink: ExportSink {
    private var w = JSONWriter()
    /// Whether the next value is a dictionary member's, its key written: an array's element (or the
    /// document) otherwise.
    private var afterKey = false
    private let write: ([UInt8]) -> Void

    public init(write: @escaping ([UInt8]) -> Void) { self.write = write }

    /// Before a value: the comma of an array element when due; passes long text on.
    private mutating func beginValue() {
        if afterKey { afterKey = false } else { w.element() }
        if w.count >= OutputBuffer.chunkSize { w.drain(write) }
    }

    public mutating func beginArray() { beginValue(); w.beginArray() }
    public mutating func endArray() { w.endArray() }
    public mutating func beginDictionary() { beginValue(); w.beginObject() }
    public mutating func endDictionary() { w.endObject() }

    public mutating func key(_ key: String) {
        if w.count >= OutputBuffer.chunkSize { w.drain(write) }
        w.field(key)
        afterKey = true
    }

    public mutating func scalar(_ value: ExportScalar) {
        beginValue()
        switch value {
        case .null: w.null()
        case .bool(let b): w.bool(b)
        case .integer(let i): w.int(i)
        case .real(let d): Self.real(d, &w)
        case .string(let s): w.string(s)
        case .data(let d): w.beginObject(); w.field("$data"); w.base64String(d); w.endObject()
        case .date(let t):
            w.beginObject(); w.field("$date"); w.isoDateString(t); w.field("$seconds"); Self.real(t, &w); w.endObject()
        case .uid(let u): w.beginObject(); w.field("$uid"); w.int(u); w.endObject()
        }
    }

    /// A real: finite as Swift's shortest round-trip form (which always has `.` or `e`), else tagged.
    static func real(_ d: Double, _ w: inout JSONWriter) {
        if d.isFinite {
            w.real(d)
        } else {
            w.beginObject(); w.field("$real"); w.string(ValueFormatter.real(d)); w.endObject()
        }
    }

    public mutating func finish() {
        w.raw("\n")
        w.drain(write)
    }
}
