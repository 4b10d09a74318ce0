import Testing
@testable import ArchiveModel
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchiveOutput
@testable import ArchiveSources
@testable import ArchiveCore
import TestSupport

/// Files that change under us: an input read from a file must not crash (SIGBUS) when another
/// process truncates or rewrites the file while the input is held. Files below
/// `InputBytes.mapThreshold` are copied on open, so the bytes stay as they were. (Mapped files:
/// `MappedInputGuardTests`.)
@Suite(.serialized) struct InputBytesTruncationTests {
    /// A fresh temporary directory (removed by the caller with `remove(_:)`).
    static func temporaryDirectory() -> String? {
        var template = Array("/tmp/archive-browse-truncation-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
            return String(cString: base)
        }
    }

    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        TestPlatform.writeFile(bytes, to: path)
    }

    /// A 3 MiB keyed archive: big enough that the old code mapped it (the threshold was 1 MiB).
    static let archive: [UInt8] = {
        var a = KeyedArchiveBuilder()
        let blob = a.add(.data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
        a.top = [("root", .ref(a.object("Holder", [("blob", .ref(blob)), ("name", .ref(a.add(.string("truncated under us"))))])))]
        return a.buildBinary()
    }()

    /// Everything a front end reads: the full check, the dump and the JSON, plus a checksum of every byte.
    static func readEverything(_ input: InputBytes) -> (checksum: UInt64, diagnostics: Int, dumpLines: Int) {
        var checksum: UInt64 = 0
        for b in input.buffer { checksum = checksum &* 31 &+ UInt64(b) }
        let document = ArchiveDocument.open(input, name: "changing")
        let diagnostics = document.graph.fullCheck()
        var lines = 0
        DumpRenderer(document: document, diagnostics: diagnostics, index: GraphIndex(graph: document.graph)).render { _ in lines += 1 }
        JSONRenderer(document: document, diagnostics: diagnostics).render { _ in }
        return (checksum, diagnostics.count, lines)
    }

    @Test func truncatedWhileHeldIsHarmless() throws {
        guard let dir = Self.temporaryDirectory() else { Issue.record("no temporary directory"); return }
        defer { unlink(dir + "/a.bplist"); rmdir(dir) }
        let path = dir + "/a.bplist"
        #expect(Self.write(Self.archive, to: path))
        #expect(Self.archive.count >= 1 << 20 && Self.archive.count < InputBytes.mapThreshold)
        let expected = Self.readEverything(InputBytes(Self.archive))

        let input = try InputBytes.read(path: path)
        #expect(truncate(path, 0) == 0)
        let after = Self.readEverything(input)
        #expect(after.checksum == expected.checksum)
        #expect(after.diagnostics == expected.diagnostics)
        #expect(after.dumpLines == expected.dumpLines)

        // Cut to half and rewritten with other bytes while held: still the bytes of the open.
        let again = try InputBytes.read(path: path) // now empty
        #expect(again.count == 0)
        #expect(Self.write(Self.archive, to: path))
        let held = try InputBytes.read(path: path)
        #expect(truncate(path, off_t(Self.archive.count / 2)) == 0)
        #expect(Self.write([UInt8](repeating: 0xEE, count: 4096), to: path))
        #expect(Self.readEverything(held).checksum == expected.checksum)
    }

    /// The mapping branch (used above the threshold) still reads correctly while the file is unchanged.
    @Test func mappedFilesReadTheSameBytes() throws {
        guard let dir = Self.temporaryDirectory() else { Issue.record("no temporary directory"); return }
        defer { unlink(dir + "/b.bplist"); rmdir(dir) }
        let path = dir + "/b.bplist"
        #expect(Self.write(Self.archive, to: path))
        let mapped = try InputBytes.read(path: path, mapAtLeast: 1)
        let copied = try InputBytes.read(path: path)
        #expect(mapped.count == Self.archive.count)
        #expect(Self.readEverything(mapped).checksum == Self.readEverything(copied).checksum)
    }

    /// Empty files, directories and missing files give an empty input or a read error, not a trap.
    @Test func emptyMissingAndDirectoryPaths() throws {
        guard let dir = Self.temporaryDirectory() else { Issue.record("no temporary directory"); return }
        defer { unlink(dir + "/empty"); rmdir(dir) }
        #expect(Self.write([], to: dir + "/empty"))
        #expect(try InputBytes.read(path: dir + "/empty").count == 0)
        #expect(throws: InputBytes.ReadError.self) { try InputBytes.read(path: dir) }
        #expect(throws: InputBytes.ReadError.self) { try InputBytes.read(path: dir + "/missing") }
    }
}
