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

    @Test func emptyCollectionsAreEmpty() {
        #expect(InputBytes([UInt8]()).count == 0)
        #expect(InputBytes(Self.bytes[3..<3]).count == 0)
    }
}
