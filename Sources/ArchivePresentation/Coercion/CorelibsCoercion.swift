import ArchiveCore

/// swift-corelibs-foundation's `NSKeyedUnarchiver` [KU] (FORMATS.md §C.10): scalars are read with
/// `value as? NSNumber` and converted with `int32Value`/`int64Value`/`intValue`/`floatValue`/`doubleValue`
/// (silent truncation); `decodeBool` uses `value as? Bool`, which bridges only 0 and 1; anything that is not
/// a number gives 0 silently. `decodeInt` is taken as `decodeInt32` (Swift has no separate C-int variant).
enum CorelibsCoercion {
    static func outcome(_ method: DecodeMethod, _ stored: StoredScalar) -> DecodeOutcome {
        if case .other(.invalid(let why)) = stored { return AppleCoercion.unreadable(why) }
        switch method {
        case .decodeObject: return object(stored)
        case .decodeBytes:
            if case .other(.data(let d)) = stored { return .value(ValueFormatter.dataSummary(d)) }
            if case .absent = stored { return .value(CoercionText.absentDefault(method)) }
            // withDecodedUnsafeBytes reads `value as? Data` and hands nil to its body otherwise.
            return .value("NULL (length 0), silently: \(stored.kindText) is stored")
        default:
            guard let number = number(stored) else {
                if case .absent = stored { return .value(CoercionText.absentDefault(method)) }
                return .value(CoercionText.absentDefault(method) + ", silently: \(stored.kindText) is stored")
            }
            return .value(convert(number, method))
        }
    }

    private enum Number { case int(Int128), real(Double) }

    private static func number(_ stored: StoredScalar) -> Number? {
        switch stored {
        case .integer(let i): .int(i)
        case .real(let d): .real(d)
        case .bool(let b): .int(b ? 1 : 0)
        default: nil
        }
    }

    private static func convert(_ n: Number, _ method: DecodeMethod) -> String {
        switch (n, method) {
        case (.int(let i), .decodeBool): return CoercionText.bool(i == 1)
        case (.real(let d), .decodeBool): return CoercionText.bool(d == 1)
        case (.int(let i), .decodeFloat): return CoercionText.float(Float(i))
        case (.int(let i), .decodeDouble): return CoercionText.double(Double(i))
        case (.real(let d), .decodeFloat): return CoercionText.float(Float(d))
        case (.real(let d), .decodeDouble): return CoercionText.double(d)
        case (.int(let i), _): return CoercionText.truncated(i, bits: method.integerBits ?? 64)
        case (.real(let d), _):
            // CFNumberGetValue converts with a C cast; out of range (or NaN) that is undefined.
            guard let whole = CoercionText.cTruncated(d) else { return "undefined (C conversion of \(ValueFormatter.real(d)) out of range)" }
            return CoercionText.truncated(Int128(whole), bits: method.integerBits ?? 64)
        }
    }

    private static func object(_ stored: StoredScalar) -> DecodeOutcome {
        switch stored {
        case .absent:
            // `_decodeObject(forKey:)` throws coderValueNotFound when the key is missing.
            return .failure("No value found for key (coderValueNotFound); later decodes return nil")
        case .reference(let r):
            switch r {
            case .object, .null, .conditionalNull: return .value(CoercionText.object(r))
            case .dangling(let raw, _):
                return .failure("Invalid object reference \(raw). The data may be corrupt. (coderReadCorrupt)")
            }
        default:
            return .failure("Object \(stored.kindText) is not a reference. The data may be corrupt. (coderReadCorrupt)")
        }
    }
}
