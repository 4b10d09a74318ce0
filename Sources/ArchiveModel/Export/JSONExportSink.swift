/// Writes the resolved document as compact JSON, passing it on in chunks of about 64 KiB.
///
/// Types JSON lacks are objects with one `$` key: data `{"$data": "<base64>"}`, a date
/// `{"$date": "<ISO 8601>", "$seconds": <since 2001>}`, a UID `{"$uid": n}`, a real JSON cannot
/// hold `{"$real": "nan" | "inf" | "-inf"}`. Reals are always written with a fraction or an
/// exponent (`3.0`), integers never, so a reader that keeps number types tells them apart.
public struct JSONExportSink: ExportSink {
    private var w = JSONWriter()
    private var needsComma: [Bool] = [false]
    private let write: ([UInt8]) -> Void

    public init(write: @escaping ([UInt8]) -> Void) { self.write = write }

    private mutating func separate() {
        if needsComma[needsComma.count - 1] { w.raw(",") }
        needsComma[needsComma.count - 1] = true
        if w.count > 1 << 16 { write(Array(w.flush().utf8)) }
    }

    public mutating func beginArray() { separate(); w.raw("["); needsComma.append(false) }
    public mutating func endArray() { w.raw("]"); needsComma.removeLast() }
    public mutating func beginDictionary() { separate(); w.raw("{"); needsComma.append(false) }
    public mutating func endDictionary() { w.raw("}"); needsComma.removeLast() }

    public mutating func key(_ key: String) {
        separate()
        w.string(key)
        w.raw(":")
        needsComma[needsComma.count - 1] = false
    }

    public mutating func scalar(_ value: ExportScalar) {
        separate()
        switch value {
        case .null: w.raw("null")
        case .bool(let b): w.raw(b ? "true" : "false")
        case .integer(let i): w.raw(String(i))
        case .real(let d): Self.real(d, &w)
        case .string(let s): w.string(s)
        case .data(let d): w.raw("{\"$data\":\"" + Base64.encode(d) + "\"}")
        case .date(let t):
            w.raw("{\"$date\":"); w.string(ValueFormatter.isoDate(t)); w.raw(",\"$seconds\":"); Self.real(t, &w); w.raw("}")
        case .uid(let u): w.raw("{\"$uid\":\(u)}")
        }
        needsComma[needsComma.count - 1] = true
    }

    /// A real: finite as Swift's shortest round-trip form (which always has `.` or `e`), else tagged.
    static func real(_ d: Double, _ w: inout JSONWriter) {
        if d.isFinite {
            w.raw("\(d)")
        } else {
            w.raw("{\"$real\":\"" + ValueFormatter.real(d) + "\"}")
        }
    }

    public mutating func finish() {
        w.raw("\n")
        write(Array(w.flush().utf8))
    }
}
