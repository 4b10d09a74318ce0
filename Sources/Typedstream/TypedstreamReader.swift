import ArchiveCore

/// Tag bytes of a typedstream (FORMATS.md D.2). Read as signed, they are −127…−121.
enum TypedstreamTag {
    static let int2: UInt8 = 0x81
    static let int4: UInt8 = 0x82
    static let real: UInt8 = 0x83
    static let new: UInt8 = 0x84
    static let null: UInt8 = 0x85
    static let end: UInt8 = 0x86
    /// 8-byte integer; reported only by crabstep (FORMATS.md D.2, UNCERTAIN).
    static let int8: UInt8 = 0x87

    /// Whether `byte` lies in the range −128…−111 reserved for tags.
    static func isTag(_ byte: UInt8) -> Bool { byte >= 0x80 && byte <= 0x91 }

    /// Reference numbers start at −110, so head `92` is index 0.
    static let firstReferenceNumber: Int128 = -110
}

/// Why decoding of the current stretch of the stream stopped.
enum TypedstreamStop: Error {
    /// The input ended inside a value: the diagnostic, and the value with what it still needed.
    case truncated(Diagnostic, TypedstreamEnding.CutValue)
    /// The bytes no longer make sense here; decoding resumes at a plausible place found from `scanFrom`.
    case desync(Diagnostic, scanFrom: Int)
    /// A resource limit was reached; decoding ends.
    case limit(Diagnostic)
}

/// A forward cursor over the bytes of a typedstream, in the stream's byte order.
///
/// Every read checks the remaining length first and throws `.truncated` with a located diagnostic.
struct TypedstreamReader {
    let input: InputBytes
    var bigEndian: Bool
    var offset: Int

    init(input: InputBytes, bigEndian: Bool = false, offset: Int = 0) {
        self.input = input
        self.bigEndian = bigEndian
        self.offset = offset
    }

    var isAtEnd: Bool { offset >= input.count }
    var remaining: Int { Swift.max(0, input.count - offset) }

    func peek() -> UInt8? { input.byte(at: offset) }

    /// One byte; `what` names the value being read for the truncation message, `start` where it began.
    mutating func readByte(_ what: @autoclosure () -> String, start: Int? = nil) throws(TypedstreamStop) -> UInt8 {
        guard let b = input.byte(at: offset) else { throw truncated(what(), start: start ?? offset, needs: 1) }
        offset += 1
        return b
    }

    /// `width` bytes (≤ 8) as an unsigned integer in stream byte order.
    mutating func readUInt(width: Int, _ what: @autoclosure () -> String, start: Int) throws(TypedstreamStop) -> UInt64 {
        let value = bigEndian ? input.uintBE(at: offset, width: width) : input.uintLE(at: offset, width: width)
        guard let value else { throw truncated(what(), start: start, needs: width - remaining) }
        offset += width
        return value
    }

    /// Skips `count` bytes already checked against `remaining`, returning their range.
    mutating func take(_ count: Int) -> ByteRange {
        let range = ByteRange(start: offset, count: Swift.min(count, remaining))
        offset = range.end
        return range
    }

    /// A signed integer whose head byte is `head` and whose further bytes (if any) start at `offset`,
    /// as `TypedstreamDecoding.integer` reads it; nil for another tag or when the bytes are cut.
    static func integer(head: UInt8, at offset: Int, in input: InputBytes, bigEndian: Bool) -> Int128? {
        let width: Int
        switch head {
        case TypedstreamTag.int2: width = 2
        case TypedstreamTag.int4: width = 4
        case TypedstreamTag.int8: width = 8
        default: return TypedstreamTag.isTag(head) ? nil : Int128(Int8(bitPattern: head))
        }
        guard let raw = bigEndian ? input.uintBE(at: offset, width: width) : input.uintLE(at: offset, width: width) else { return nil }
        switch width {
        case 2: return Int128(Int16(truncatingIfNeeded: raw))
        case 4: return Int128(Int32(truncatingIfNeeded: raw))
        default: return Int128(Int64(bitPattern: raw))
        }
    }

    /// The number of bytes an integer with head byte `head` takes, head included.
    static func integerSize(head: UInt8) -> Int {
        switch head {
        case TypedstreamTag.int2: 3
        case TypedstreamTag.int4: 5
        case TypedstreamTag.int8: 9
        default: 1
        }
    }

    /// The truncation stop for a value that started at `start` and needs `needs` more bytes.
    func truncated(_ what: String, start: Int, needs: Int) -> TypedstreamStop {
        .truncated(TypedstreamIssue.truncated(end: input.count, what: what, start: start, needs: needs)
            .diagnostic(ByteRange(start, input.count)),
                   TypedstreamEnding.CutValue(start: start, what: what, missing: Swift.max(1, needs), declared: false))
    }
}
