import Foundation
import Testing
@testable import ArchiveModel
@testable import Typedstream
import TestSupport

/// Graph invariants checked after every decode in the typedstream tests.
enum TypedstreamInvariants {
    /// Problems found: references out of the table, ranges outside the input, a GraphIndex that
    /// cannot be built, diagnostics without the `typedstream.` prefix.
    static func violations(_ graph: TypedstreamGraph) -> [String] {
        var problems: [String] = []
        let n = graph.objectCount
        let size = graph.input.count
        func checkRange(_ range: ByteRange?, _ what: String) {
            guard let range else { return }
            if range.start < 0 || range.end > size || range.start > range.end {
                problems.append("\(what): range \(range) outside the \(size)-byte input")
            }
        }
        func checkFields(_ fields: [Field], _ owner: String) {
            for field in fields {
                checkRange(field.range, "\(owner).\(field.key)")
                if field.typeEncoding == nil { problems.append("\(owner).\(field.key): no type encoding") }
                field.value.forEachReference { ref in
                    if case .object(let id) = ref, id < 0 || id >= n {
                        problems.append("\(owner).\(field.key): reference to #\(id) outside 0..<\(n)")
                    }
                }
            }
        }
        checkFields(graph.topLevel, "top")
        for id in 0..<n {
            let object = graph.object(id)
            checkRange(object.range, "#\(id)")
            if object.kind != .classRecord { checkFields(Array(object.fields), "#\(id)") }
            if let c = object.classObjectID, c < 0 || c >= n { problems.append("#\(id): class #\(c) outside 0..<\(n)") }
            for d in object.diagnostics { checkRange(d.range, "#\(id) diagnostic \(d.id)") }
        }
        for d in graph.fullCheck() {
            checkRange(d.range, "diagnostic \(d.id)")
            if !d.id.hasPrefix("typedstream.") { problems.append("diagnostic id \(d.id) lacks the typedstream. prefix") }
        }
        if GraphIndex(graph: graph) == nil { problems.append("GraphIndex could not be built") }
        problems += lazyReadMismatches(graph)
        return problems
    }

    /// Where the graph's objects, read again from their bytes, differ from the same stream decoded
    /// with every object's fields kept; and an unreachable entry the check's shortcut would miss.
    static func lazyReadMismatches(_ graph: TypedstreamGraph) -> [String] {
        var problems: [String] = []
        let eager = TypedstreamGraph(TypedstreamDecoder.index(graph.input, keepingAllFields: true))
        if eager.objectCount != graph.objectCount {
            problems.append("eager decode has \(eager.objectCount) entries, lazy \(graph.objectCount)")
            return problems
        }
        for id in 0..<graph.objectCount where graph.object(id) != eager.object(id) {
            problems.append("#\(id) read again differs from its eager decode")
        }
        if graph.topLevel != eager.topLevel { problems.append("top-level values differ from the eager decode") }
        if graph.fullCheck() != eager.fullCheck() { problems.append("full check differs from the eager decode") }
        if !graph.index.mayHaveLostEntries, let index = GraphIndex(graph: graph),
           !graph.graphRuleDiagnostics(reachability: index.reachability).isEmpty {
            problems.append("unreachable entries found although no value holding a new entry was dropped")
        }
        return problems
    }

    /// Decodes `bytes` and records an issue for every violation.
    @discardableResult
    static func decodeChecked(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> TypedstreamGraph {
        let graph = TypedstreamDecoder.decode(InputBytes(bytes))
        for problem in violations(graph) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
        return graph
    }
}

/// The shared corpus beside the repository (`../shared/corpus`), found from this file's path.
enum TypedstreamCorpus {
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var corpusRoot: URL? { Corpus.root.map { URL(fileURLWithPath: $0) } }

    /// Every file of `corpus/typedstream`, sorted by name; empty without the corpus (the tests that
    /// read it are `.needsCorpus`).
    static func typedstreamFiles() -> [URL] {
        guard let root = corpusRoot else { return [] }
        let folder = root.appendingPathComponent("typedstream")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "MANIFEST.tsv" }.sorted().map { folder.appendingPathComponent($0) }
    }

    static func read(_ url: URL) throws -> InputBytes {
        try InputBytes.read(path: url.path)
    }

    /// The file's bytes as an array (copied while the input is alive).
    static func bytes(_ url: URL) throws -> [UInt8] {
        let input = try read(url)
        return withExtendedLifetime(input) { Array(input.buffer) }
    }
}

extension TypedstreamGraph {
    /// Class names of `.instance` objects in stream order.
    var instanceClassNames: [String] {
        (0..<objectCount).compactMap { id in
            let o = object(id)
            return o.kind == .instance ? (o.className ?? "?") : nil
        }
    }

    /// Every diagnostic id, in offset order.
    var diagnosticIDs: [String] { fullCheck().map(\.id) }

    /// Diagnostics worse than a note.
    var problems: [Diagnostic] { fullCheck().filter { $0.severity > .note } }
}
