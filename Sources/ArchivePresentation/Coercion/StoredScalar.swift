import ArchiveCore

/// The value found under a key, reduced to what the decode methods distinguish.
enum StoredScalar: Equatable {
    case absent
    case integer(Int128)
    case real(Double)
    case bool(Bool)
    case reference(Reference)
    /// A value that is neither a number nor a reference: string, data, date, null, list or undecodable.
    case other(Other)

    enum Other: Equatable {
        case string(String)
        case data([UInt8])
        case date(Double)
        case null
        case list(count: Int)
        case invalid(String)
    }

    init(_ stored: FieldValue?) {
        guard let stored else { self = .absent; return }
        switch stored {
        case .reference(let r): self = .reference(r)
        case .list(let items): self = .other(.list(count: items.count))
        case .invalid(let why): self = .other(.invalid(why))
        case .sameAs(let same): self = .other(.invalid("shown under #\(same.owner): " + same.description))
        case .scalar(let s):
            switch s {
            case .integer(let i, _): self = .integer(i)
            case .real(let d, _): self = .real(d)
            case .bool(let b): self = .bool(b)
            case .string(let t): self = .other(.string(t))
            case .data(let d): self = .other(.data(d))
            case .date(let t): self = .other(.date(t))
            case .null: self = .other(.null)
            case .uid(let u): self = .other(.invalid("UID \(u) outside a keyed archive"))
            }
        }
    }

    /// Short description of the stored kind, for messages (`a string`, `an integer` …).
    var kindText: String {
        switch self {
        case .absent: "no value"
        case .integer: "an integer"
        case .real: "a real"
        case .bool: "a boolean"
        case .reference: "an object reference (UID)"
        case .other(let o):
            switch o {
            case .string: "a string"
            case .data: "data"
            case .date: "a date"
            case .null: "a null"
            case .list(let n): "an inline array of \(English.count(n, "item"))"
            case .invalid: "an undecodable value"
            }
        }
    }

    /// The object an unarchiver would hand back for an inline (non-reference) value.
    var inlineObjectText: String {
        switch self {
        case .integer(let i): "NSNumber \(i)"
        case .real(let d): "NSNumber \(ValueFormatter.real(d))"
        case .bool(let b): "NSNumber \(b ? "YES" : "NO")"
        case .other(.string(let s)): "NSString " + ValueFormatter.quoted(s)
        case .other(.data(let d)): "NSData " + ValueFormatter.dataSummary(d)
        case .other(.date(let t)): "NSDate " + ValueFormatter.isoDate(t)
        case .other(.list(let n)): "NSArray of \(n) raw items"
        default: kindText
        }
    }
}
