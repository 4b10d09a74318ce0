@testable import AppleCompression

/// Writes LZVN opcodes one class at a time (the layouts of `LZVNOpcode`), and keeps beside them the
/// output a decoder must produce, computed the plain way: literals appended, match bytes copied
/// one at a time from `distance` back. `history` is the output of earlier blocks.
struct LZVNAssembler {
    var payload: [UInt8] = []
    /// The stream's whole expected output, earlier blocks included.
    var expected: [UInt8]
    /// The input offset (within the payload) of each opcode written, in order.
    var opcodeOffsets: [Int] = []
    var distance = 0

    init(history: [UInt8] = []) { expected = history }

    /// The block: header (raw size of this block's output unless overridden) and payload.
    func block(rawSize: Int? = nil, payloadSize: Int? = nil, outputBefore: Int = 0) -> [UInt8] {
        StreamBuilder.lzvn(payload, rawSize: rawSize ?? (expected.count - outputBefore), payloadSize: payloadSize)
    }

    /// Appends an opcode's `bytes` and `literal`, and its effect on the expected output. With
    /// `kind`, the first byte must be of that class (some L and M pairs make another opcode).
    mutating func emit(_ bytes: [UInt8], literal: [UInt8] = [], match: Int = 0, distance newDistance: Int? = nil, kind: LZVNOpcode? = nil) {
        if let kind, let first = bytes.first {
            precondition(LZVNOpcode.classify(first) == kind, "L \(literal.count) with M \(match) is no \(kind) opcode")
        }
        opcodeOffsets.append(payload.count)
        payload += bytes + literal
        expected += literal
        if let newDistance { distance = newDistance }
        for _ in 0..<match { expected.append(expected[expected.count - distance]) }
    }

    /// `LLMMMDDD DDDDDDDD`: L 0–3, M 3–10, D < 1,536.
    mutating func smallDistance(literal: [UInt8], match: Int, distance: Int) {
        emit([UInt8(literal.count << 6 | (match - 3) << 3 | distance >> 8), UInt8(distance & 0xFF)], literal: literal, match: match, distance: distance, kind: .smallDistance)
    }

    /// `101LLMMM DDDDDDMM DDDDDDDD`: L 0–3, M 3–34, D < 16,384.
    mutating func mediumDistance(literal: [UInt8], match: Int, distance: Int) {
        let word = distance << 2 | (match - 3) & 3
        emit([UInt8(0xA0 | literal.count << 3 | (match - 3) >> 2), UInt8(word & 0xFF), UInt8(word >> 8)], literal: literal, match: match, distance: distance, kind: .mediumDistance)
    }

    /// `LLMMM111 DDDDDDDD DDDDDDDD`: L 0–3, M 3–10, D < 65,536.
    mutating func largeDistance(literal: [UInt8], match: Int, distance: Int) {
        emit([UInt8(literal.count << 6 | (match - 3) << 3 | 7), UInt8(distance & 0xFF), UInt8(distance >> 8)], literal: literal, match: match, distance: distance, kind: .largeDistance)
    }

    /// `LLMMM110`: L 1–3 (0 would be another opcode), M 3–10, the previous distance.
    mutating func previousDistance(literal: [UInt8], match: Int) {
        emit([UInt8(literal.count << 6 | (match - 3) << 3 | 6)], literal: literal, match: match, kind: .previousDistance)
    }

    /// `1111MMMM`: M 1–15.
    mutating func smallMatch(_ match: Int) { emit([UInt8(0xF0 | match)], match: match) }

    /// `11110000 MMMMMMMM`: M 16–271.
    mutating func largeMatch(_ match: Int) { emit([0xF0, UInt8(match - 16)], match: match) }

    /// `1110LLLL`: 1–15 literal bytes.
    mutating func smallLiteral(_ literal: [UInt8]) { emit([UInt8(0xE0 | literal.count)], literal: literal) }

    /// `11100000 LLLLLLLL`: 16–271 literal bytes.
    mutating func largeLiteral(_ literal: [UInt8]) { emit([0xE0, UInt8(literal.count - 16)], literal: literal) }

    /// 0x0E or 0x16.
    mutating func nop(_ byte: UInt8 = 0x0E) { emit([byte]) }

    /// 0x06 and 7 zero bytes.
    mutating func endOfStream() { emit([0x06, 0, 0, 0, 0, 0, 0, 0]) }

    /// Literals then matches over `bytes` with a greedy search for repeats (distance up to 1,535):
    /// a small encoder for round trips, not for good compression.
    mutating func encode(_ bytes: [UInt8]) {
        var i = 0
        var pending: [UInt8] = []
        func flushLiterals(_ a: inout LZVNAssembler) {
            var rest = pending[...]
            while !rest.isEmpty {
                let n = min(rest.count, rest.count >= 16 ? 271 : 15)
                let chunk = Array(rest.prefix(n))
                if n >= 16 { a.largeLiteral(chunk) } else { a.smallLiteral(chunk) }
                rest = rest.dropFirst(n)
            }
            pending = []
        }
        while i < bytes.count {
            var best = (length: 0, distance: 0)
            for d in 1...min(1535, max(1, i)) where i >= d {
                var n = 0
                while n < 10, i + n < bytes.count, bytes[i + n] == bytes[i + n - d] { n += 1 }
                if n > best.length { best = (n, d) }
            }
            if best.length >= 3 {
                flushLiterals(&self)
                smallDistance(literal: [], match: best.length, distance: best.distance)
                i += best.length
            } else {
                pending.append(bytes[i])
                i += 1
            }
        }
        flushLiterals(&self)
        endOfStream()
    }
}
