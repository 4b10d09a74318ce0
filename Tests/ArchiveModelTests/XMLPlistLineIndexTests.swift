import Testing
@testable import ArchiveModel
@testable import ArchiveDocuments

/// Offsets to line:column, in any query order, against a direct count.
@Suite struct XMLPlistLineIndexTests {
    /// Line:column of `offset` by counting from the start (`\n`, `\r\n` and lone `\r` end a line).
    static func naive(_ bytes: [UInt8], _ offset: Int) -> TextPosition {
        var line = 1, lineStart = 0
        for i in 0..<offset where bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) {
            line += 1
            lineStart = i + 1
        }
        return TextPosition(line: line, column: offset - lineStart + 1)
    }

    @Test func matchesDirectCountInAnyOrder() {
        // Lines of varied length and endings, long enough for several 4 KB checkpoints.
        var bytes: [UInt8] = []
        var n = 0
        while bytes.count < 20_000 {
            bytes += Array(String(repeating: "x", count: (n * 37) % 300).utf8)
            bytes += n % 3 == 0 ? [0x0D, 0x0A] : n % 3 == 1 ? [0x0A] : [0x0D]
            n += 1
        }
        let input = InputBytes(bytes)
        var index = XMLLineIndex(input.buffer)
        // Forward, then backward across checkpoints, then scattered.
        let queries = Array(stride(from: 0, through: bytes.count, by: 97)) + Array(stride(from: bytes.count, through: 0, by: -389))
            + (0..<200).map { ($0 * 7_919) % (bytes.count + 1) }
        for offset in queries {
            #expect(index.position(of: offset) == Self.naive(bytes, offset), "offset \(offset)")
        }
    }

    @Test func clampsOutOfRangeOffsets() {
        let input = InputBytes(Array("ab\ncd".utf8))
        var index = XMLLineIndex(input.buffer)
        #expect(index.position(of: -5) == TextPosition(line: 1, column: 1))
        #expect(index.position(of: 99) == TextPosition(line: 2, column: 3))
        let nothing = InputBytes([UInt8]())
        var empty = XMLLineIndex(nothing.buffer)
        #expect(empty.position(of: 0) == TextPosition(line: 1, column: 1))
        withExtendedLifetime((input, nothing)) {}
    }
}
