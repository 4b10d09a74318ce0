import ArchiveCore

extension BinaryPlistObjectDecoder {
    /// Checks that `count` payload bytes starting at `start` end inside the object area.
    func payloadFits(_ start: Int, _ count: Int, what: String, _ c: inout Context) -> Bool {
        let available = layout.objectAreaEnd - start
        if count >= 0, available >= 0, count <= available { return true }
        c.add(.objectOverruns(what: what, start: c.start, needed: count, from: start, areaEnd: layout.objectAreaEnd),
              ByteRange(c.start, layout.objectAreaEnd))
        return false
    }

    func decodeInteger(_ nibble: Int, _ offset: Int, _ c: inout Context) -> (PlistValue, Int) {
        guard nibble <= 4 else {
            let issue = BinaryPlistIssue.intBadWidth(nibble: nibble)
            c.add(issue, ByteRange(offset, offset + 1))
            return (.invalid(issue.message), offset + 1)
        }
        let width = 1 << nibble
        guard payloadFits(offset + 1, width, what: "integer", &c) else {
            return (.invalid("integer truncated"), layout.objectAreaEnd)
        }
        let value = integerValue(at: offset + 1, width: width, &c)
        return (.integer(value, width: width), offset + 1 + width)
    }

    /// 1/2/4 bytes unsigned, 8 signed, 16 the low 64 bits unsigned as CF does (FORMATS.md A.6).
    func integerValue(at position: Int, width: Int, _ c: inout Context) -> Int128 {
        switch width {
        case 8:
            return Int128(Int64(bitPattern: input.uintBE(at: position, width: 8) ?? 0))
        case 16:
            let high = input.uintBE(at: position, width: 8) ?? 0
            let low = input.uintBE(at: position + 8, width: 8) ?? 0
            if high != 0 {
                c.add(.intHighBitsDropped(high: high), ByteRange(start: position, count: 16))
            }
            return Int128(low)
        default:
            return Int128(input.uintBE(at: position, width: width) ?? 0)
        }
    }

    func decodeReal(_ nibble: Int, _ offset: Int, _ c: inout Context) -> (PlistValue, Int) {
        guard nibble == 2 || nibble == 3 else {
            let issue = BinaryPlistIssue.realBadWidth(nibble: nibble)
            c.add(issue, ByteRange(offset, offset + 1))
            return (.invalid(issue.message), offset + 1 + Swift.min(1 << nibble, 16))
        }
        let width = 1 << nibble
        guard payloadFits(offset + 1, width, what: "real", &c), let bits = input.uintBE(at: offset + 1, width: width) else {
            return (.invalid("real truncated"), layout.objectAreaEnd)
        }
        let value = width == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits)
        return (.real(value, width: width), offset + 1 + width)
    }

    func decodeDate(_ marker: UInt8, _ offset: Int, _ c: inout Context) -> (PlistValue, Int) {
        guard marker == 0x33 else {
            let issue = BinaryPlistIssue.dateBadMarker(marker: marker)
            c.add(issue, ByteRange(offset, offset + 1))
            return (.invalid(issue.message), offset + 9)
        }
        guard payloadFits(offset + 1, 8, what: "date", &c), let bits = input.uintBE(at: offset + 1, width: 8) else {
            return (.invalid("date truncated"), layout.objectAreaEnd)
        }
        return (.date(Double(bitPattern: bits)), offset + 9)
    }

    func decodeUID(_ nibble: Int, _ offset: Int, _ c: inout Context) -> (PlistValue, Int) {
        let width = nibble + 1
        guard payloadFits(offset + 1, width, what: "UID", &c) else { return (.invalid("UID truncated"), layout.objectAreaEnd) }
        var value: UInt64 = 0
        var dropped = false
        for i in 0..<width {
            let b = input.byte(at: offset + 1 + i) ?? 0
            if value >> 56 != 0 { dropped = true }
            value = (value << 8) | UInt64(b)
        }
        if dropped || value > UInt64(UInt32.max) {
            c.add(.uidTooLarge(value: dropped ? nil : value), ByteRange(start: offset, count: width + 1))
        } else if ![1, 2, 4, 8].contains(width) {
            c.add(.uidOddWidth(width: width), ByteRange(start: offset, count: width + 1))
        }
        return (.uid(value), offset + 1 + width)
    }

    func decodeData(_ nibble: Int, _ offset: Int, _ c: inout Context) -> (PlistValue, Int) {
        guard let (count, payload) = readCount(nibble, offset, &c) else { return (.invalid("data count unreadable"), offset + 1) }
        let available = Swift.max(0, layout.objectAreaEnd - payload)
        let length = count > UInt64(available) ? available : Int(count)
        if count > UInt64(available) {
            c.add(.countBeyondArea(.data, count: count, available: available, areaEnd: layout.objectAreaEnd), ByteRange(offset, layout.objectAreaEnd))
        }
        return (.data(materialize ? input.bytes(in: ByteRange(start: payload, count: length)) : []), payload + length)
    }

    /// `unitSize` 1 = ASCII (`5n`), 2 = UTF-16BE (`6n`), 0 = UTF-8 (`7n`, v1x only).
    func decodeString(_ nibble: Int, _ offset: Int, unitSize: Int, _ c: inout Context) -> (PlistValue, Int) {
        guard let (count, payload) = readCount(nibble, offset, &c) else { return (.invalid("string count unreadable"), offset + 1) }
        let available = Swift.max(0, layout.objectAreaEnd - payload)
        let size = Swift.max(1, unitSize)
        var units = count > UInt64(available / size) ? available / size : Int(count)
        if units != Int(clamping: count) {
            c.add(.countBeyondArea(unitSize == 2 ? .utf16String : .string, count: count, available: available, areaEnd: layout.objectAreaEnd),
                  ByteRange(offset, layout.objectAreaEnd))
            units = Swift.max(0, units)
        }
        let range = ByteRange(start: payload, count: units * size)
        guard materialize else {
            validateString(range, unitSize: unitSize, &c)
            return (.string(""), range.end)
        }
        let text = unitSize == 2 ? utf16String(range, &c) : byteString(range, ascii: unitSize == 1, &c)
        return (.string(text), range.end)
    }

    /// The checks of `byteString`/`utf16String` without building the string.
    private func validateString(_ range: ByteRange, unitSize: Int, _ c: inout Context) {
        let buffer = input.buffer
        let r = input.clamp(range)
        if unitSize == 1 {
            guard let bad = (r.start..<r.end).first(where: { buffer[$0] >= 0x80 }) else { return }
            c.add(.stringNonASCII(byte: buffer[bad], offset: bad), ByteRange(start: bad, count: 1))
        } else if unitSize == 2 {
            var i = r.start, expectLow = false, unpaired = 0
            while i + 1 < r.end {
                let unit = UInt16(buffer[i]) << 8 | UInt16(buffer[i + 1])
                let isHigh = unit & 0xFC00 == 0xD800, isLow = unit & 0xFC00 == 0xDC00
                if expectLow && !isLow { unpaired += 1 }
                if !expectLow && isLow { unpaired += 1 }
                expectLow = isHigh
                i += 2
            }
            if expectLow { unpaired += 1 }
            if unpaired > 0 {
                c.add(.stringUnpairedSurrogate(count: unpaired), range)
            }
        } else {
            _ = byteString(range, ascii: false, &c)
        }
    }

    private func byteString(_ range: ByteRange, ascii: Bool, _ c: inout Context) -> String {
        let bytes = input.bytes(in: range)
        if ascii, let bad = bytes.firstIndex(where: { $0 >= 0x80 }) {
            c.add(.stringNonASCII(byte: bytes[bad], offset: range.start + bad), ByteRange(start: range.start + bad, count: 1))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Big-endian UTF-16 text; each unpaired surrogate becomes U+FFFD (and is counted in a warning).
    /// Transcoded in one pass: a 100 KB string some files list for each of 20,000 objects is decoded
    /// for each, so this runs at memory speed rather than a scalar at a time.
    private func utf16String(_ range: ByteRange, _ c: inout Context) -> String {
        let (utf8, unpaired) = Unicode.UTF16.utf8(fromBigEndian: input.bytes(in: range))
        if unpaired > 0 {
            c.add(.stringUnpairedSurrogate(count: unpaired), range)
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}

extension Unicode.UTF16 {
    /// Big-endian UTF-16 `bytes` (an odd last byte is ignored) as UTF-8, each unpaired surrogate
    /// replaced by U+FFFD and counted. One pass over plain arrays: the standard library's generic
    /// transcoder ran a scalar at a time, and a 100 KB string some files list for each of 20,000
    /// objects is decoded for each.
    static func utf8(fromBigEndian bytes: [UInt8]) -> (utf8: [UInt8], unpaired: Int) {
        let count = bytes.count / 2
        var out: [UInt8] = []
        out.reserveCapacity(count * 3)
        var unpaired = 0, i = 0
        func unit(_ k: Int) -> UInt32 { UInt32(bytes[2 * k]) << 8 | UInt32(bytes[2 * k + 1]) }
        while i < count {
            let u = unit(i)
            var scalar = u
            i += 1
            if u & 0xF800 == 0xD800 {
                if u < 0xDC00, i < count, unit(i) & 0xFC00 == 0xDC00 {
                    scalar = 0x10000 + ((u - 0xD800) << 10) + (unit(i) - 0xDC00)
                    i += 1
                } else {
                    scalar = 0xFFFD
                    unpaired += 1
                }
            }
            appendUTF8(scalar, to: &out)
        }
        return (out, unpaired)
    }

    /// The UTF-8 bytes of `scalar` (below 0x110000, not a surrogate).
    private static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            out.append(UInt8(scalar))
        case ..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6)); out.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12)); out.append(UInt8(0x80 | scalar >> 6 & 0x3F)); out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18)); out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F)); out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
