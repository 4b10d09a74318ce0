import Testing
@testable import ArchiveModel

/// `InputBytes.init` copies contiguous collections in one block and others element by element; both must
/// give exactly the bytes they were handed.
@Suite struct InputBytesCopyTests {
    /// The bytes an input holds, read while it is alive (its buffer is freed with it, so reading
    /// `InputBytes(x).buffer` after the temporary is released would read freed memory).
    static func contents(_ input: InputBytes) -> [UInt8] { withExtendedLifetime(input) { Array(input.buffer) } }

    static let bytes: [UInt8] = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }

    @Test func contiguousCollectionsCopyEveryByte() {
        #expect(Self.contents(InputBytes(Self.bytes)) == Self.bytes)
        #expect(Self.contents(InputBytes(Self.bytes[17..<4_321])) == Array(Self.bytes[17..<4_321]))
        let fromPointer = Self.bytes.withUnsafeBufferPointer { InputBytes($0) }
        #expect(Self.contents(fromPointer) == Self.bytes)
    }

    @Test func otherCollectionsCopyEveryByte() {
        let lazy = Self.bytes.lazy.map { $0 ^ 0x5A }
        #expect(lazy.withContiguousStorageIfAvailable { _ in true } == nil)
        #expect(Self.contents(InputBytes(lazy)) == Self.bytes.map { $0 ^ 0x5A })
        #expect(Self.contents(InputBytes(UInt8(0)..<UInt8(200))) == Array(UInt8(0)..<UInt8(200)))
    }

    /// Big-endian reads of every width 0...12 at every offset near both ends, against a byte-by-byte
    /// reference (keeping the low 64 bits), and nil for reads past the end.
    @Test func bigEndianReadsMatchAByteLoop() {
        let input = InputBytes(Array(Self.bytes.prefix(40)))
        for width in 0...12 {
            for offset in [0, 1, 3, 7, 28, 29, 31, 32, 33, 39, 40, 41, -1] {
                let expected: UInt64? = offset >= 0 && offset + width <= 40
                    ? Self.bytes[offset..<(offset + width)].reduce(0) { ($0 << 8) | UInt64($1) } : nil
                #expect(input.uintBE(at: offset, width: width) == expected, "width \(width) at \(offset)")
            }
        }
        #expect(input.uintBE(at: 0, width: -1) == nil)
    }

    @Test func emptyCollectionsAreEmpty() {
        #expect(InputBytes([UInt8]()).count == 0)
        #expect(InputBytes(Self.bytes[3..<3]).count == 0)
    }
}
