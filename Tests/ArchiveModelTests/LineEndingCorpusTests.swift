import Foundation
import Testing
@testable import ArchiveModel
import TestSupport

/// Issue 42's corpus promise for the conversions that add bytes (LF → CRLF as unix2dos and git's
/// autocrlf do, CR → CRLF): every binary archive of the corpus, put through each, comes back byte for
/// byte from `ArchiveRepair`, whatever its format, or, where the copy fits both conversions (every LF
/// after a CR) and both inverses read without error, comes back as one with the other listed byte by
/// byte as undecided. (The conversions that lose information are measured over the corpus by
/// `repair-rate`; ROBUSTNESS.md has the figures.)
@Suite(.needsCorpus) struct LineEndingCorpusTests {
    /// Binary archives with no error of their own, up to 64 KB, from the folders that hold them.
    static let originals: [(name: String, bytes: [UInt8])] = {
        ["keyed-binary", "typedstream", "nibarchive", "plist"].flatMap { Corpus.files($0) }.compactMap { path in
            guard let data = FileManager.default.contents(atPath: path), data.count <= 65_536 else { return nil }
            let bytes = [UInt8](data)
            let graph = ArchiveDocument.open(InputBytes(bytes), name: path).graph
            guard graph.container.isBinaryArchive,
                  !DocumentCheck.fullCheck(of: graph).contains(where: { $0.severity == .error }) else { return nil }
            return ((path as NSString).lastPathComponent, bytes)
        }
    }()

    @Test(arguments: [LineEndingConversion.lfToCRLF, .crToCRLF])
    func conversionsThatAddBytesComeBackExactly(_ conversion: LineEndingConversion) {
        #expect(Self.originals.count > 100, "\(Self.originals.count) originals")
        var converted = 0, exact = 0, listed = 0
        var missed: [String] = []
        for original in Self.originals {
            let damaged = conversion.apply(original.bytes)
            guard damaged != original.bytes else { continue }
            converted += 1
            let result = ArchiveRepair.repair(InputBytes(damaged))
            let bytes = [UInt8](result.bytes.buffer.bindMemory(to: UInt8.self))
            guard let step = result.steps.last else { missed.append(original.name); continue }
            if bytes == original.bytes, step.mechanism.rawValue == conversion.rawValue {
                exact += 1
            } else if let other = [LineEndingConversion.lfToCRLF, .crToCRLF].first(where: { $0 != conversion }),
                      other.exactInverse(damaged) == bytes, conversion.exactInverse(damaged) == original.bytes,
                      !step.alternatives.isEmpty, step.undecided.count == step.bytesChanged {
                listed += 1
            } else {
                missed.append(original.name)
            }
        }
        #expect(converted > 50)
        #expect(missed.isEmpty, "\(conversion.rawValue): \(exact) exact, \(listed) listed of \(converted); missed \(missed.prefix(10))")
    }

    /// CR LF → LF on the keyed nibs Interface Builder 3 compiled (`ib3xml/…keyedobjects.nib`): their few
    /// pairs sit in the offset table or in references, so the table is rebuilt or the placements are
    /// settled by the check; each comes back with no error and every object, byte for byte unless a
    /// placement is listed undecided.
    @Test func crlfToLFOnCompiledNibsComesBackWhole() {
        var converted = 0
        var missed: [String] = []
        for path in Corpus.files("ib3xml") where path.hasSuffix("keyedobjects.nib") {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let original = [UInt8](data)
            let damaged = LineEndingConversion.crlfToLF.apply(original)
            guard damaged != original else { continue }
            converted += 1
            let result = ArchiveRepair.repair(InputBytes(damaged))
            let bytes = [UInt8](result.bytes.buffer.bindMemory(to: UInt8.self))
            let diagnostics = DocumentCheck.fullCheck(of: ArchiveDocument.open(InputBytes(bytes), name: path).graph)
            let whole = bytes.count == original.count && !diagnostics.contains { $0.severity != .note }
            guard let step = result.steps.last, whole, bytes == original || !step.undecided.isEmpty else {
                missed.append((path as NSString).lastPathComponent)
                continue
            }
        }
        #expect(converted >= 4)
        #expect(missed.isEmpty, "missed \(missed)")
    }
}
