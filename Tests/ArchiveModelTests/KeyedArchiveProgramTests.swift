import ArchiveModel
import FuzzSupport
import Testing

/// The FuzzKeyedArchive input format: any bytes are a program that builds a keyed archive.
@Suite struct KeyedArchiveProgramTests {
    /// Deterministic pseudo-random programs (a 64-bit LCG), so a failure names its seed.
    static func program(seed: UInt64, length: Int) -> [UInt8] {
        var state = seed &* 6364136223846793005 &+ 1442695040888963407
        return (0..<length).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    @Test func programsBuildBinaryPlistsThatOpenAsKeyedArchives() {
        var headers = 0, keyed = 0
        for seed in 0..<300 as Range<UInt64> {
            let bytes = KeyedArchiveProgram.archive(from: Self.program(seed: seed, length: 400))
            if bytes.starts(with: Array("bplist00".utf8)) { headers += 1 }
            let document = ArchiveDocument.open(InputBytes(bytes), name: "program")
            if document.graph.archiveKind == "NSKeyedArchiver" { keyed += 1 }
        }
        // Some programs end with raw byte damage (which may hit the header) or rename the archiver;
        // most stay well-formed keyed archives.
        #expect(headers > 270 && headers < 300)
        #expect(keyed > 240)
    }

    @Test func templatesGiveKnownClassesTheFieldsTheirPresentersRead() {
        var seen: [String: Int] = [:]
        for seed in 0..<600 as Range<UInt64> {
            let document = ArchiveDocument.open(InputBytes(KeyedArchiveProgram.archive(from: Self.program(seed: seed, length: 600))), name: "p")
            let graph = document.graph
            for id in 0..<min(graph.objectCount, 200) {
                let object = graph.structure(id)
                guard let name = object.className,
                      let template = KeyedArchiveProgram.templates.first(where: { $0.name == name }) else { continue }
                if template.fields.contains(where: { key, _ in object.field(key) != nil }) { seen[name, default: 0] += 1 }
            }
        }
        for template in KeyedArchiveProgram.templates {
            #expect(seen[template.name, default: 0] > 0, "no \(template.name) with its fields in 600 programs")
        }
    }
}
