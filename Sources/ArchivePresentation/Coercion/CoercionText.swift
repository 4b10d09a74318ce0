import ArchiveCore

/// Display forms of decode results.
enum CoercionText {
    static func bool(_ b: Bool) -> String { b ? "YES" : "NO" }

    static func float(_ f: Float) -> String {
        if f.isNaN { return "nan" }
        if f.isInfinite { return f < 0 ? "-inf" : "inf" }
        return "\(f)"
    }

    static func double(_ d: Double) -> String { ValueFormatter.real(d) }

    /// The integer as a method of `bits` width would return it after a C-style truncation.
    static func truncated(_ i: Int128, bits: Int) -> String {
        bits == 32 ? String(Int32(truncatingIfNeeded: i)) : String(Int64(truncatingIfNeeded: i))
    }

    /// Whether `i` fits a signed integer of `bits` width.
    static func fits(_ i: Int128, bits: Int) -> Bool {
        bits == 32 ? Int32(exactly: i) != nil : Int64(exactly: i) != nil
    }

    /// C's `(long long)d` for a finite in-range double; nil when the conversion is undefined behaviour.
    static func cTruncated(_ d: Double) -> Int64? { Int64(exactly: d.rounded(.towardZero)) }

    /// Absent-key defaults, identical in every implementation.
    static func absentDefault(_ method: DecodeMethod) -> String {
        switch method {
        case .decodeBool: "NO"
        case .decodeInt, .decodeInt32, .decodeInt64, .decodeInteger: "0"
        case .decodeFloat, .decodeDouble: "0.0"
        case .decodeObject: "nil"
        case .decodeBytes: "NULL (length 0)"
        }
    }

    /// The result of a successful `decodeObject` on a reference.
    static func object(_ r: Reference) -> String {
        switch r {
        case .object(let id): "object #\(id)"
        case .null: "nil"
        case .conditionalNull(let id): "nil (slot #\(id) holds $null)"
        case .dangling(let raw, _): "reference \(raw)"
        }
    }
}
