import ArchiveCore

extension TypedstreamDecoding {
    /// What a shared string (FORMATS.md D.4) turned out to be.
    enum SharedStringRead {
        case null
        /// An index into `sharedStrings`.
        case string(Int)
        /// A reference past the table: the decoded index and the bytes that held it.
        case outOfRange(Int128, ByteRange)
    }

    /// An integer after its head byte (FORMATS.md D.3): the head itself, or `81`/`82`/`87` + 2/4/8
    /// bytes in stream order. Returns the value and the number of bytes it was stored in.
    mutating func integer(head: UInt8, at start: Int, signed: Bool, _ what: @autoclosure () -> String) throws(TypedstreamStop) -> (value: Int128, width: Int) {
        let width: Int
        switch head {
        case TypedstreamTag.int2: width = 2
        case TypedstreamTag.int4: width = 4
        case TypedstreamTag.int8: width = 8
        default:
            if TypedstreamTag.isTag(head) { throw unexpectedTag(head, at: start, expected: what()) }
            return (signed ? Int128(Int8(bitPattern: head)) : Int128(head), 1)
        }
        let raw = try reader.readUInt(width: width, what(), start: start)
        if width == 8 {
            report(.int8Tag(offset: start), range: ByteRange(start, reader.offset))
        }
        guard signed else { return (Int128(raw), width) }
        switch width {
        case 2: return (Int128(Int16(truncatingIfNeeded: raw)), width)
        case 4: return (Int128(Int32(truncatingIfNeeded: raw)), width)
        default: return (Int128(Int64(bitPattern: raw)), width)
        }
    }

    /// The value of a one-character type other than `@` (FORMATS.md D.3–D.5). Without `keeping`, a
    /// `+` byte string is read and checked but not copied (nothing keeps it).
    mutating func scalarValue(_ code: UInt8, start: Int, keeping: Bool = true) throws(TypedstreamStop) -> FieldValue {
        // Built only when a message needs it.
        func what() -> String { "a value of type '\(Character(UnicodeScalar(code)))'" }
        switch code {
        case UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "B"):
            // One raw byte, no tag processing.
            let byte = try reader.readByte(what(), start: start)
            return .scalar(rawByteValue(byte, code: code, at: start))
        case UInt8(ascii: "s"), UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "q"),
             UInt8(ascii: "S"), UInt8(ascii: "I"), UInt8(ascii: "L"), UInt8(ascii: "Q"):
            let head = try reader.readByte(what(), start: start)
            let signed = code >= UInt8(ascii: "a")
            let (value, width) = try integer(head: head, at: start, signed: signed, what())
            return .scalar(.integer(value, width: width))
        case UInt8(ascii: "f"), UInt8(ascii: "d"):
            return .scalar(try realValue(double: code == UInt8(ascii: "d"), start: start, what()))
        case UInt8(ascii: "*"):
            return try cStringValue(start: start)
        case UInt8(ascii: "+"):
            let head = try reader.readByte(what(), start: start)
            if head == TypedstreamTag.null { return .scalar(.null) }
            let (length, _) = try integer(head: head, at: start, signed: false, "the length of \(what())")
            let range = try takeBytes(length, start: start, what: "a '+' byte string")
            return .scalar(keeping ? Self.textOrData(input.bytes(in: range)) : .null)
        case UInt8(ascii: ":"), UInt8(ascii: "%"):
            return try namedStringValue(code: code, start: start, what())
        case UInt8(ascii: "#"):
            let head = try reader.readByte(what(), start: start)
            if head == TypedstreamTag.null { return .reference(.null) }
            if head == TypedstreamTag.new {
                do {
                    return .reference(try classChain(headAt: start, forObject: nil))
                } catch {
                    // The records read so far stay in the table, held by no value.
                    droppedNewEntry = true
                    throw error
                }
            }
            return .reference(try reference(head: head, at: start, expecting: .classRecord))
        case UInt8(ascii: "!"):
            report(.typeIgnoredInt(offset: start), range: ByteRange(start, start))
            return .scalar(.null)
        default:
            return .invalid("type '\(Character(UnicodeScalar(code)))' is not a scalar type")
        }
    }

    private mutating func rawByteValue(_ byte: UInt8, code: UInt8, at start: Int) -> ScalarValue {
        switch code {
        case UInt8(ascii: "c"):
            return .integer(Int128(Int8(bitPattern: byte)), width: 1)
        case UInt8(ascii: "B") where byte <= 1:
            return .bool(byte == 1)
        case UInt8(ascii: "B"):
            report(.boolInvalid(offset: start, value: byte), range: ByteRange(start, start + 1))
            return .integer(Int128(byte), width: 1)
        default:
            return .integer(Int128(byte), width: 1)
        }
    }

    /// `f`/`d`: `83` + 4/8 raw bytes, or an integer converted to a real.
    private mutating func realValue(double: Bool, start: Int, _ what: @autoclosure () -> String) throws(TypedstreamStop) -> ScalarValue {
        let head = try reader.readByte(what(), start: start)
        let width = double ? 8 : 4
        if head == TypedstreamTag.real {
            let bits = try reader.readUInt(width: width, what(), start: start)
            let value = double ? Double(bitPattern: bits) : Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
            return .real(value, width: width)
        }
        let (value, _) = try integer(head: head, at: start, signed: true, what())
        return .real(Double(value), width: width)
    }

    /// `:` selector and `%` atom: a shared string.
    private mutating func namedStringValue(code: UInt8, start: Int, _ what: @autoclosure () -> String) throws(TypedstreamStop) -> FieldValue {
        let head = try reader.readByte(what(), start: start)
        let read = try sharedString(head: head, at: start, code == UInt8(ascii: ":") ? "a selector" : "an atom")
        if code == UInt8(ascii: "%") {
            report(.typeAtom(offset: start), range: ByteRange(start, reader.offset))
        }
        switch read {
        case .null:
            return .scalar(.null)
        case .string(let index):
            return .scalar(.string(sharedText(index)))
        case .outOfRange(let index, let range):
            let diagnostic = stringReferenceDiagnostic(index, range: range, what: what(), consequence: "")
            report(diagnostic)
            return .invalid(diagnostic.message)
        }
    }

    /// A shared string after its head: `85` nil, `84` + unshared string (new entry), or a reference.
    mutating func sharedString(head: UInt8, at start: Int, _ what: String) throws(TypedstreamStop) -> SharedStringRead {
        switch head {
        case TypedstreamTag.null:
            return .null
        case TypedstreamTag.new:
            let lengthAt = reader.offset
            let lengthHead = try reader.readByte("the length of \(what)", start: start)
            if lengthHead == TypedstreamTag.null {
                report(.stringNilLiteral(what: what, offset: start), range: ByteRange(start, reader.offset))
                return .null
            }
            let (length, _) = try integer(head: lengthHead, at: lengthAt, signed: false, "the length of \(what)")
            let range = try takeBytes(length, start: start, what: what)
            if replay != nil { return sharedStringRead(at: range) }
            sharedStrings.append(range)
            return .string(sharedStrings.count - 1)
        case 0x92...0xFF, 0x00...0x7F:
            // A one-byte reference (most type strings, class names): the number is the head itself.
            let index = Int(Int8(bitPattern: head)) + 110
            if index < sharedStrings.count { return .string(index) }
            return .outOfRange(Int128(index), ByteRange(start, reader.offset))
        default:
            let (number, _) = try integer(head: head, at: start, signed: true, "a reference to \(what)")
            let index = number - TypedstreamTag.firstReferenceNumber
            if index >= 0, index < Int128(sharedStrings.count) { return .string(Int(index)) }
            return .outOfRange(index, ByteRange(start, reader.offset))
        }
    }

    /// A replay's literal shared string: the index it got when the stream was indexed (strings are
    /// numbered in stream order, so found by where its bytes start).
    private func sharedStringRead(at range: ByteRange) -> SharedStringRead {
        var low = 0, high = sharedStrings.count
        while low < high {
            let mid = low + (high - low) / 2
            if sharedStrings[mid].start < range.start { low = mid + 1 } else { high = mid }
        }
        guard low < sharedStrings.count, sharedStrings[low] == range else { return .null }
        return .string(low)
    }

    /// The text of shared string `index`.
    mutating func sharedText(_ index: Int) -> String {
        if let known = sharedTextCache[index] { return known }
        let text = String(decoding: input.bytes(in: sharedStrings[index]), as: UTF8.self)
        // A replay starts from the indexing pass's texts (every selector, atom and class name it met)
        // and leaves them as they are, so that one long string named by many objects is one copy.
        if replay != nil { return text }
        sharedTextCache[index] = text
        return text
    }

    /// Whether shared string `index` holds a zero byte (as its value would: text or data, the bytes are
    /// the same), looked at once per string.
    mutating func sharedStringHasZeroByte(_ index: Int) -> Bool {
        if index < zeroByteCache.count, zeroByteCache[index] != 0 { return zeroByteCache[index] == 2 }
        let found = input.bytes(in: sharedStrings[index]).contains(0)
        if zeroByteCache.count < sharedStrings.count {
            zeroByteCache += [UInt8](repeating: 0, count: sharedStrings.count - zeroByteCache.count)
        }
        zeroByteCache[index] = found ? 2 : 1
        return found
    }

    /// `length` bytes after a length field, checked against the bytes left before anything is read.
    mutating func takeBytes(_ length: Int128, start: Int, what: String) throws(TypedstreamStop) -> ByteRange {
        guard length >= 0, length <= Int128(reader.remaining) else {
            throw lengthPastEnd(what, start: start, claimed: length)
        }
        return reader.take(Int(length))
    }

    /// A string when the bytes are valid UTF-8, data otherwise.
    static func textOrData(_ bytes: [UInt8]) -> ScalarValue {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? .string(text) : .data(bytes)
    }
}
