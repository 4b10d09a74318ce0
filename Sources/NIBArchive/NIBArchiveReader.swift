import ArchiveCore

/// Why an entry of a NIBArchive table could not be read.
package enum NIBReadFailure: Error, Equatable, Sendable {
    /// The input ends at `end`, inside the entry that started at `start`.
    case truncated(start: Int, end: Int)
    /// A variable-length integer at `range` does not end within 10 bytes or does not fit in 64 bits.
    case overflow(ByteRange)
    /// A value's type byte at `offset` is none of the eleven known types: where the value ends is unknown.
    case unknownType(UInt8, offset: Int)
}

extension NIBReadFailure {
    /// A truncation reported where the entry that the input cut starts (a length or index inside the
    /// entry reports its own offset).
    func inEntry(at start: Int) -> NIBReadFailure {
        if case .truncated(_, let end) = self { return .truncated(start: start, end: end) }
        return self
    }
}

/// One entry of the object table: class-name index, first value index, value count (FORMATS.md E).
struct NIBObjectEntry: Sendable, Equatable {
    var classIndex: UInt64
    var firstValue: UInt64
    var valueCount: UInt64
    var range: ByteRange
}

/// One entry of the value table: key index, type byte, payload.
struct NIBValueEntry: Sendable, Equatable {
    var keyIndex: UInt64
    var type: UInt8
    /// The payload bytes after the type byte (for data: the bytes after the length).
    var payload: ByteRange
    var range: ByteRange
}

/// One entry of the class-name table: the extra 32-bit words and the name bytes (with their NUL).
struct NIBClassEntry: Sendable, Equatable {
    var extraCount: UInt64
    var extrasStart: Int
    var name: ByteRange
    var range: ByteRange
}

/// Reads the variable-length integers and table entries of a NIBArchive at a given offset, never past
/// the end of the input. Every read either returns the entry and the offset after it or throws why not.
package struct NIBArchiveReader {
    let input: InputBytes

    package init(input: InputBytes) {
        self.input = input
    }

    /// Longest variable-length integer read: ten 7-bit groups hold any 64-bit number.
    package static let varintLimit = 10

    /// The variable-length integer at `offset`: 7-bit groups, least significant first, the high bit
    /// set on the *last* byte (the opposite of LEB128; FORMATS.md E).
    @inline(__always)
    func varint(at offset: Int) throws(NIBReadFailure) -> (value: UInt64, end: Int) {
        var value: UInt64 = 0
        for i in 0..<Self.varintLimit {
            guard let byte = input.byte(at: offset &+ i) else { throw .truncated(start: offset, end: input.count) }
            let bits = UInt64(byte & 0x7F)
            let shift = UInt64(7 * i)
            // Bits that would land past bit 63 make the number too large for 64 bits.
            if shift > 57, bits >> (64 - shift) != 0 { throw .overflow(ByteRange(offset, offset + i + 1)) }
            value |= bits << shift
            if byte & 0x80 != 0 { return (value, offset + i + 1) }
        }
        throw .overflow(ByteRange(offset, offset + Self.varintLimit))
    }

    /// `count` bytes starting at `offset`, or the truncation of the entry that began at `start`.
    @inline(__always)
    private func skip(_ count: UInt64, from offset: Int, entry start: Int) throws(NIBReadFailure) -> Int {
        let available = UInt64(Swift.max(0, input.count - offset))
        guard count <= available else { throw .truncated(start: start, end: input.count) }
        return offset + Int(count)
    }

    /// The object entry at `offset`.
    func object(at offset: Int) throws(NIBReadFailure) -> (NIBObjectEntry, end: Int) {
        do { return try objectEntry(at: offset) } catch { throw error.inEntry(at: offset) }
    }

    private func objectEntry(at offset: Int) throws(NIBReadFailure) -> (NIBObjectEntry, end: Int) {
        let (classIndex, a) = try varint(at: offset)
        let (first, b) = try varint(at: a)
        let (count, end) = try varint(at: b)
        return (NIBObjectEntry(classIndex: classIndex, firstValue: first, valueCount: count, range: ByteRange(offset, end)), end)
    }

    /// The key entry at `offset`: the range of its UTF-8 bytes.
    func key(at offset: Int) throws(NIBReadFailure) -> (text: ByteRange, end: Int) {
        do { return try keyEntry(at: offset) } catch { throw error.inEntry(at: offset) }
    }

    private func keyEntry(at offset: Int) throws(NIBReadFailure) -> (text: ByteRange, end: Int) {
        let (length, start) = try varint(at: offset)
        let end = try skip(length, from: start, entry: offset)
        return (ByteRange(start, end), end)
    }

    /// Payload size of each fixed-size value type (0 int8 … 10 object reference); nil for data (8) and
    /// for unknown types.
    static func fixedPayloadSize(_ type: UInt8) -> Int? {
        switch type {
        case NIBValueType.int8: 1
        case NIBValueType.int16: 2
        case NIBValueType.int32, NIBValueType.float32, NIBValueType.object: 4
        case NIBValueType.int64, NIBValueType.float64: 8
        case NIBValueType.falseValue, NIBValueType.trueValue, NIBValueType.nilValue: 0
        default: nil
        }
    }

    /// The value entry at `offset`.
    func value(at offset: Int) throws(NIBReadFailure) -> (NIBValueEntry, end: Int) {
        do { return try valueEntry(at: offset) } catch { throw error.inEntry(at: offset) }
    }

    private func valueEntry(at offset: Int) throws(NIBReadFailure) -> (NIBValueEntry, end: Int) {
        let (keyIndex, typeOffset) = try varint(at: offset)
        guard let type = input.byte(at: typeOffset) else { throw .truncated(start: offset, end: input.count) }
        let payloadStart = typeOffset + 1
        if let size = Self.fixedPayloadSize(type) {
            let end = try skip(UInt64(size), from: payloadStart, entry: offset)
            return (NIBValueEntry(keyIndex: keyIndex, type: type, payload: ByteRange(payloadStart, end), range: ByteRange(offset, end)), end)
        }
        guard type == NIBValueType.data else { throw .unknownType(type, offset: typeOffset) }
        let (length, bytesStart) = try varint(at: payloadStart)
        let end = try skip(length, from: bytesStart, entry: offset)
        return (NIBValueEntry(keyIndex: keyIndex, type: type, payload: ByteRange(bytesStart, end), range: ByteRange(offset, end)), end)
    }

    /// The class-name entry at `offset`: name length, extra-word count, the words, the name.
    func className(at offset: Int) throws(NIBReadFailure) -> (NIBClassEntry, end: Int) {
        do { return try classEntry(at: offset) } catch { throw error.inEntry(at: offset) }
    }

    private func classEntry(at offset: Int) throws(NIBReadFailure) -> (NIBClassEntry, end: Int) {
        let (length, a) = try varint(at: offset)
        let (extraCount, extrasStart) = try varint(at: a)
        let (extraBytes, overflow) = extraCount.multipliedReportingOverflow(by: 4)
        guard !overflow else { throw .truncated(start: offset, end: input.count) }
        let nameStart = try skip(extraBytes, from: extrasStart, entry: offset)
        let end = try skip(length, from: nameStart, entry: offset)
        return (NIBClassEntry(extraCount: extraCount, extrasStart: extrasStart, name: ByteRange(nameStart, end), range: ByteRange(offset, end)), end)
    }

    /// The little-endian 32-bit word at `offset` (header fields, extra class words, object references).
    func uint32(at offset: Int) -> UInt32? {
        input.uintLE(at: offset, width: 4).map { UInt32(truncatingIfNeeded: $0) }
    }
}

/// The type byte of a value (FORMATS.md E). 4 is false and 5 true: FORMATS.md and the PyPI reader have
/// them the other way round, but the corpus settles it ([obs]: every window whose .xib says
/// `restorable="NO"` has type 4 under `NSWindowIsRestorable`, every pull-down pop-up type 5 under
/// `NSPullDown`, and `NSInlinedValue`, true for every inlined collection, is always type 5).
enum NIBValueType {
    static let int8: UInt8 = 0
    static let int16: UInt8 = 1
    static let int32: UInt8 = 2
    static let int64: UInt8 = 3
    static let falseValue: UInt8 = 4
    static let trueValue: UInt8 = 5
    static let float32: UInt8 = 6
    static let float64: UInt8 = 7
    static let data: UInt8 = 8
    static let nilValue: UInt8 = 9
    static let object: UInt8 = 10

    /// A short name for messages and the detail pane.
    static func name(_ type: UInt8) -> String {
        switch type {
        case int8: "int8"
        case int16: "int16"
        case int32: "int32"
        case int64: "int64"
        case falseValue: "false"
        case trueValue: "true"
        case float32: "float"
        case float64: "double"
        case data: "data"
        case nilValue: "nil"
        case object: "object reference"
        default: "unknown type \(type)"
        }
    }
}
