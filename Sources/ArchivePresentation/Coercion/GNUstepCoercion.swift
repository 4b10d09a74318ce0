import ArchiveCore

/// GNUstep base's `NSKeyedUnarchiver` [GSU] (FORMATS.md §C.10): every scalar method requires an
/// NSNumber (else NSInvalidUnarchiveOperationException "value for key(k) is '…'"); integers are read with
/// `longLongValue`, `decodeInt`/`decodeInt32` raise NSRangeException outside 32 bits, `decodeInteger` is
/// unchecked on 64-bit builds; reals with `doubleValue`/`floatValue`; bools with `boolValue`.
/// How GNUstep's bplist reader treats a 16-byte integer is UNCERTAIN; the low 64 bits are assumed.
enum GNUstepCoercion {
    static func outcome(_ method: DecodeMethod, _ stored: StoredScalar) -> DecodeOutcome {
        if case .absent = stored { return .value(CoercionText.absentDefault(method)) }
        if case .other(.invalid(let why)) = stored { return AppleCoercion.unreadable(why) }
        switch method {
        case .decodeObject: return object(stored)
        case .decodeBytes:
            if case .other(.data(let d)) = stored { return .value(ValueFormatter.dataSummary(d)) }
            return notA(stored, method)
        default:
            switch stored {
            case .integer(let i): return integer(i, method)
            case .bool(let b): return integer(b ? 1 : 0, method)
            case .real(let d): return real(d, method)
            default: return notA(stored, method)
            }
        }
    }

    private static func integer(_ i: Int128, _ method: DecodeMethod) -> DecodeOutcome {
        let long = Int64(truncatingIfNeeded: i) // longLongValue
        let note = Int64(exactly: i) == nil ? " (16-byte value: low 64 bits assumed, UNCERTAIN)" : ""
        switch method {
        case .decodeBool: return .value(CoercionText.bool(long != 0) + note)
        case .decodeFloat: return .value(CoercionText.float(Float(long)) + note)
        case .decodeDouble: return .value(CoercionText.double(Double(long)) + note)
        case .decodeInt, .decodeInt32:
            guard let narrow = Int32(exactly: long) else {
                return .exception(name: DecodeOutcome.range, reason: "value \(long) for key(…) is out of range" + note)
            }
            return .value(String(narrow) + note)
        default: return .value(String(long) + note)
        }
    }

    private static func real(_ d: Double, _ method: DecodeMethod) -> DecodeOutcome {
        switch method {
        case .decodeBool: return .value(CoercionText.bool(d != 0))
        case .decodeFloat: return .value(CoercionText.float(Float(d)))
        case .decodeDouble: return .value(CoercionText.double(d))
        default:
            guard let whole = CoercionText.cTruncated(d) else {
                return .undocumented("undefined: C conversion of \(ValueFormatter.real(d)) to long long is out of range")
            }
            return integer(Int128(whole), method)
        }
    }

    private static func object(_ stored: StoredScalar) -> DecodeOutcome {
        guard case .reference(let r) = stored else { return notA(stored, .decodeObject) }
        switch r {
        case .object, .null: return .value(CoercionText.object(r))
        case .conditionalNull(let id):
            // _decodeObject: returns a non-dictionary slot as is, so the placeholder string comes back.
            return .value("the string \"$null\" (slot #\(id) is returned as is; read from source, UNCERTAIN in practice)")
        case .dangling(let raw, _):
            return .exception(name: DecodeOutcome.range, reason: "index \(raw) beyond the object table")
        }
    }

    private static func notA(_ stored: StoredScalar, _ method: DecodeMethod) -> DecodeOutcome {
        .exception(name: DecodeOutcome.invalidUnarchive,
                   reason: "[NSKeyedUnarchiver \(method.rawValue)ForKey:]: value for key(…) is \(stored.kindText)")
    }
}
