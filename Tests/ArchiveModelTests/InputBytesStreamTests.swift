import Testing
@testable import ArchiveModel
@testable import ArchiveCore
@testable import ArchiveDocuments
import TestSupport

/// Streams (standard input, pipes, devices) are read to their end but never past
/// `InputBytes.streamLimit`: an endless stream is a read error, not an allocation without bound.
@Suite struct InputBytesStreamTests {
    /// A pipe holding `bytes` (at most the pipe buffer, 64 KiB) with its write end closed.
    static func pipe(holding bytes: [UInt8]) -> Int32? {
        TestPlatform.pipe(holding: bytes)
    }

    static func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) } }

    @Test func aStreamOfExactlyTheLimitReadsWhole() throws {
        let bytes = Self.pattern(100)
        guard let fd = Self.pipe(holding: bytes) else { Issue.record("no pipe"); return }
        defer { close(fd) }
        let input = try InputBytes.readAll(fd: fd, name: "pipe", limit: 100)
        #expect(input.bytes(in: ByteRange(0, 1000)) == bytes)
    }

    @Test func aStreamOneBytePastTheLimitIsARefusedRead() {
        guard let fd = Self.pipe(holding: Self.pattern(101)) else { Issue.record("no pipe"); return }
        defer { close(fd) }
        #expect {
            _ = try InputBytes.readAll(fd: fd, name: "standard input", limit: 100)
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("standard input is longer than 100 bytes") && text.contains("save it to a file")
        }
    }

    /// A stream longer than the first 64 KiB buffer grows it and keeps every byte in order.
    @Test func aStreamLongerThanOneBufferKeepsEveryByte() throws {
        guard let dir = InputBytesTruncationTests.temporaryDirectory() else { Issue.record("no temporary directory"); return }
        let path = dir + "/stream"
        defer { unlink(path); rmdir(dir) }
        let bytes = Self.pattern(300_001)
        #expect(InputBytesTruncationTests.write(bytes, to: path))
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { Issue.record("cannot open \(path)"); return }
        defer { close(fd) }
        let input = try InputBytes.readAll(fd: fd, name: path, limit: 1 << 20)
        #expect(input.count == bytes.count)
        #expect(input.bytes(in: ByteRange(0, input.count)) == bytes)
    }

    /// `/dev/zero` never ends: opening it by path stops at the limit with a message instead of
    /// allocating until the process is killed.
    @Test func anEndlessDeviceStopsAtTheLimit() {
        guard access("/dev/zero", R_OK) == 0 else { return }
        #expect {
            _ = try InputBytes.read(path: "/dev/zero", mapAtLeast: InputBytes.mapThreshold, streamLimit: 1 << 20)
        } throws: { error in
            String(describing: error).hasPrefix("/dev/zero is longer than 1 MiB")
        }
    }

    @Test func limitsAreNamedInTheLargestUnitThatDividesThem() {
        #expect(InputBytes.sizeText(InputBytes.streamLimit) == "1 GiB")
        #expect(InputBytes.sizeText(3 << 20) == "3 MiB")
        #expect(InputBytes.sizeText(64 << 10) == "64 KiB")
        #expect(InputBytes.sizeText(1500) == "1500 bytes")
        #expect(InputBytes.sizeText(0) == "0 bytes")
    }
}
