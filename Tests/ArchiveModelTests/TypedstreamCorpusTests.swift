import Foundation
import Testing
@testable import ArchiveModel
import TestSupport

/// Every real typedstream in `../shared/corpus/typedstream` decodes without errors.
@Suite(.needsCorpus) struct TypedstreamCorpusTests {
    @Test func everyCorpusFileDecodesWithoutErrors() throws {
        let files = TypedstreamCorpus.typedstreamFiles()
        #expect(files.count > 0)
        var clean = 0
        for url in files {
            let input = try TypedstreamCorpus.read(url)
            let clock = ContinuousClock()
            var graph: TypedstreamGraph?
            let elapsed = clock.measure { graph = TypedstreamDecoder.decode(input) }
            guard let graph else { continue }
            let errors = graph.fullCheck().filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(url.lastPathComponent): \(errors.prefix(5).map(\.description))")
            #expect(TypedstreamInvariants.violations(graph).isEmpty, "\(url.lastPathComponent)")
            #expect(!graph.topLevel.isEmpty, "\(url.lastPathComponent) has no top-level values")
            #expect(graph.openDiagnostics.contains { $0.id == "typedstream.header.info" })
            if errors.isEmpty { clean += 1 }
            let notes = Dictionary(grouping: graph.fullCheck().filter { $0.severity < .error }, by: \.id).mapValues(\.count)
            print("typedstream corpus: \(url.lastPathComponent): \(input.count) bytes, \(graph.objectCount) table entries, \(graph.topLevel.count) top-level values, \(elapsed), other diagnostics \(notes.sorted { $0.key < $1.key })")
        }
        print("typedstream corpus: \(clean) of \(files.count) files decode without errors")
    }

    @Test func headerNoteNamesVersionsAndByteOrder() throws {
        let files = TypedstreamCorpus.typedstreamFiles()
        let byName = Dictionary(uniqueKeysWithValues: files.map { ($0.lastPathComponent, $0) })
        if let url = byName["worldwideweb__WorldWideWeb.nib__data.nib"] {
            let graph = TypedstreamDecoder.decode(try TypedstreamCorpus.read(url))
            #expect(graph.container == .typedstream(bigEndian: true))
            #expect(graph.systemVersion == 930)
            let header = graph.openDiagnostics.first { $0.id == "typedstream.header.info" }
            #expect(header?.message == "typedstream version 4, big-endian, system version 930 (NeXTSTEP)")
        }
        if let url = byName["crabstep__foundation_NSString"] {
            let graph = TypedstreamDecoder.decode(try TypedstreamCorpus.read(url))
            #expect(graph.container == .typedstream(bigEndian: false))
            #expect(graph.openDiagnostics.first?.message == "typedstream version 4, little-endian, system version 1000")
            #expect(graph.instanceClassNames == ["NSString"])
        }
    }
}
