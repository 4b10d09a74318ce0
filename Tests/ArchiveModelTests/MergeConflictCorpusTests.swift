import Testing
@testable import ArchiveModel
import TestSupport

/// Merge conflicts put into every text plist of the corpus (issue 42 item 5): a block around a line
/// in the middle is named with its exact line ranges, each side kept gives the original bytes back,
/// and the originals get no `damage.merge-conflict`.
@Suite(.needsCorpus) struct MergeConflictCorpusTests {
    /// The corpus's XML and OpenStep plists in UTF-8 (or ASCII) with at least 6 lines, as bytes.
    static let textPlists: [(path: String, bytes: [UInt8])] = ["plist", "keyed-xml", "ib3xml", "encodings", "other"]
        .flatMap { Corpus.files($0) }
        .compactMap { path in
            guard let input = try? InputBytes.read(path: path), input.count < 4 << 20 else { return nil }
            let bytes = Array(input.buffer.bindMemory(to: UInt8.self))
            guard !bytes.contains(0), bytes.filter({ $0 == 0x0A }).count >= 6 else { return nil }
            switch ArchiveDocument.open(input, name: path).format {
            case .xmlPlist, .openStepPlist: return (path, bytes)
            default: return nil
            }
        }

    /// The bytes' lines, each with its line end.
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = [], current: [UInt8] = []
        for b in bytes {
            current.append(b)
            if b == 0x0A { lines.append(current); current = [] }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    static func check(_ bytes: [UInt8]) -> [Diagnostic] {
        DocumentCheck.fullCheck(of: ArchiveDocument.open(InputBytes(bytes), name: "f").graph)
    }

    @Test func aConflictAroundAMiddleLineIsNamedAndEachSideGivesTheOriginalBack() throws {
        #expect(Self.textPlists.count >= 20, "\(Self.textPlists.count) text plists")
        var named = 0, xml = 0
        for (path, original) in Self.textPlists {
            #expect(!Self.check(original).contains { $0.id == "damage.merge-conflict" }, "\(path)")
            let lines = Self.lines(original)
            let k = lines.count / 2 // 0-based: the line in conflict is line k + 1
            var conflicted: [UInt8] = lines[..<k].flatMap { $0 }
            conflicted += Array("<<<<<<< HEAD\n".utf8) + lines[k] + Array("=======\n".utf8) + lines[k] + Array(">>>>>>> corpus-test\n".utf8)
            conflicted += lines[(k + 1)...].flatMap { $0 }
            let diagnostics = Self.check(conflicted)
            let isXML = ArchiveDocument.open(InputBytes(original), name: path).format == .xmlPlist
            if isXML { xml += 1 }
            guard diagnostics.contains(where: { $0.severity == .error && !$0.id.hasPrefix("damage.") }) else {
                // Markers inside a string or comment can read as text: then the file is valid and gets no cause.
                #expect(!diagnostics.contains { $0.id == "damage.merge-conflict" }, "\(path)")
                continue
            }
            let conflict = try #require(diagnostics.first { $0.id == "damage.merge-conflict" }, "\(path)")
            #expect(conflict.message.contains("lines \(k + 1)–\(k + 5) (ours (\"HEAD\") line \(k + 2), theirs (\"corpus-test\") line \(k + 4))"),
                    "\(path): \(conflict.message)")
            for side in MergeConflicts.Side.allCases {
                let result = ArchiveRepair.repair(InputBytes(conflicted), limits: ArchiveRepair.Limits(side: side))
                #expect(result.steps.map(\.mechanism) == [.mergeConflict], "\(path)")
                #expect(Array(result.bytes.buffer.bindMemory(to: UInt8.self)) == original, "\(path)")
            }
            named += 1
        }
        // In XML `<<<<<<<` is never text (a `<` must be escaped; comments and CDATA aside); in OpenStep
        // it is only inside a quoted string. Measured: 33 of 34 (26 XML).
        #expect(named >= xml && named >= Self.textPlists.count * 9 / 10, "named \(named), XML plists \(xml), in all \(Self.textPlists.count)")
    }
}
