import ArchiveCore

/// Apple Foundation's `NSKeyedUnarchiver`, as documented [AD-KU overview, AD-INT, AD-I64, AD-FLT, AD-DFP]
/// (FORMATS.md §C.10). Cells the documentation does not cover are `.undocumented` with the likely result.
enum AppleCoercion {
    static func outcome(_ method: DecodeMethod, _ stored: StoredScalar) -> DecodeOutcome {
        if case .absent = stored { return .value(CoercionText.absentDefault(method)) }
        switch method {
        case .decodeBool: return bool(stored)
        case .decodeInt, .decodeInt32, .decodeInt64, .decodeInteger: return integer(method, stored)
        case .decodeFloat, .decodeDouble: return real(method, stored)
        case .decodeObject: return object(stored)
        case .decodeBytes: return bytes(stored)
        }
    }

    private static func bool(_ stored: StoredScalar) -> DecodeOutcome {
        switch stored {
        case .bool(let b): return .value(CoercionText.bool(b))
        case .integer(let i): return .undocumented("likely \(CoercionText.bool(i != 0)) (NSNumber boolValue: non-zero is YES)")
        case .real(let d): return .undocumented("likely \(CoercionText.bool(d != 0)) (NSNumber boolValue: non-zero is YES)")
        default: return mismatch(stored, .decodeBool)
        }
    }

    private static func integer(_ method: DecodeMethod, _ stored: StoredScalar) -> DecodeOutcome {
        let bits = method.integerBits ?? 64
        switch stored {
        case .integer(let i):
            if CoercionText.fits(i, bits: bits) { return .value(String(i)) }
            // decodeInt64 is documented only as "coerced"; a value beyond 64 bits (a 16-byte bplist
            // integer) cannot be coerced, so the range exception is inferred there.
            let note = bits == 64 ? " (inferred: the documentation only says the value is coerced)" : ""
            return .exception(name: DecodeOutcome.range, reason: "value \(i) does not fit in \(English.article("\(bits)-bit integer"))" + note)
        case .real:
            return .exception(name: DecodeOutcome.invalidUnarchive,
                              reason: "incompatible type: a real is stored and \(method.rawValue) asks for an integer")
        case .bool(let b):
            return .undocumented("likely \(b ? 1 : 0) (a bplist boolean is a CFBoolean, which converts to 0 or 1)")
        default:
            return mismatch(stored, method)
        }
    }

    private static func real(_ method: DecodeMethod, _ stored: StoredScalar) -> DecodeOutcome {
        switch stored {
        case .real(let d):
            if method == .decodeDouble { return .value(CoercionText.double(d)) }
            let f = Float(d)
            if f.isInfinite && d.isFinite {
                return .exception(name: DecodeOutcome.range, reason: "value \(ValueFormatter.real(d)) is too large for a float")
            }
            return .value(CoercionText.float(f))
        case .integer:
            return .exception(name: DecodeOutcome.invalidUnarchive,
                              reason: "incompatible type: an integer is stored and \(method.rawValue) asks for a real")
        case .bool(let b):
            return .undocumented("likely \(b ? "1.0" : "0.0") (CFBoolean converted to a number)")
        default:
            return mismatch(stored, method)
        }
    }

    private static func object(_ stored: StoredScalar) -> DecodeOutcome {
        switch stored {
        case .reference(let r):
            switch r {
            case .object, .null: return .value(CoercionText.object(r))
            case .conditionalNull(let id):
                return .undocumented("likely nil: slot #\(id) holds $null, a conditional object never encoded (C.7)")
            case .dangling(let raw, _):
                return .undocumented("likely a decode failure: reference \(raw) leads outside $objects")
            }
        case .integer, .real, .bool, .other(.string), .other(.data), .other(.date):
            return .value(stored.inlineObjectText + " (with the warning \"value for key is not an object\", C.9)")
        case .other(.invalid(let why)):
            return unreadable(why)
        default:
            return .undocumented("likely the raw value with the warning \"value for key is not an object\"; \(stored.kindText) is stored")
        }
    }

    private static func bytes(_ stored: StoredScalar) -> DecodeOutcome {
        if case .other(.data(let d)) = stored { return .value(ValueFormatter.dataSummary(d)) }
        return mismatch(stored, .decodeBytes)
    }

    /// A type mismatch: a decode failure, raised or recorded per `decodingFailurePolicy` [AD-DFP].
    private static func mismatch(_ stored: StoredScalar, _ method: DecodeMethod) -> DecodeOutcome {
        if case .other(.invalid(let why)) = stored { return unreadable(why) }
        return .failure("type mismatch: \(stored.kindText) is stored and \(method.rawValue) asks for \(method.resultType)")
    }

    static func unreadable(_ why: String) -> DecodeOutcome {
        .failure("the stored value is undecodable (" + DisplayText.escapeMessage(why) + "); the plist layer fails before any decode call")
    }
}
