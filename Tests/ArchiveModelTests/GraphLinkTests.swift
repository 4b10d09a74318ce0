import Testing
@testable import ArchiveModel
@testable import ArchiveCore
@testable import Typedstream
@testable import ArchivePresentation
import TestSupport

/// `GraphIndex.links(to:)`: what points at an object without a field (`$class`, dictionary keys).
@Suite struct GraphLinkTests {
    /// For every object, the objects naming it as their `$class`, found by reading each object.
    static func classUsers(_ graph: any ObjectGraph) -> [ObjectID: [ObjectID]] {
        var users: [ObjectID: [ObjectID]] = [:]
        for id in 0..<graph.objectCount {
            if let c = graph.structure(id).classObjectID { users[c, default: []].append(id) }
        }
        return users
    }

    @Test func aClassDescriptionListsTheObjectsOfItsClass() throws {
        let graph = ArchiveDocument.open(InputBytes(DemoArchive.bytes()), name: "demo").graph
        let index = try #require(GraphIndex(graph: graph))
        let users = Self.classUsers(graph)
        #expect(users.count >= 5, "the demo has several classes")
        for id in 0..<graph.objectCount {
            let links = index.links(to: id)
            #expect(links.compactMap(\.from) == users[id] ?? [], "#\(id)")
            #expect(links.allSatisfy { $0.link == .classOf && $0.key == "$class" })
            #expect(index.linkCount(to: id) == links.count)
        }
        let book = try #require(users.max { $0.value.count < $1.value.count })
        #expect(index.links(to: book.key, limit: 1).count == 1)
        #expect(index.links(to: book.key, limit: 0).isEmpty)
        // Links make nothing shared: a class description has no referrers.
        #expect(index.referenceCount(of: book.key) == 0)
        #expect(index.links(to: -1).isEmpty && index.links(to: graph.objectCount).isEmpty)
        // Ids at the edges of Int answer empty (`id + 1` overflowed in the referrer lookups too).
        #expect(index.linkCount(to: Int.max) == 0 && index.links(to: Int.max).isEmpty && index.links(to: Int.min).isEmpty)
        #expect(index.referenceCount(of: Int.max) == 0 && index.referrers(of: Int.max).isEmpty)
    }

    @Test func aPlistStringUsedAsAKeyAndAValueHasBoth() throws {
        // {"a": 1, "b": "a"} with one "a" node, as plistlib writes it: #0 dict, #1 "a", #2 "b", #3 1.
        var b = BinaryPlistBuilder()
        b.add(.null)
        let a = b.add(.string("a")), key = b.add(.string("b")), one = b.add(.integer(1))
        b.objects[0] = .dict([(a, one), (key, a)])
        let graph = ArchiveDocument.open(InputBytes(b.build().bytes), name: "keys").graph
        let index = try #require(GraphIndex(graph: graph))
        #expect(index.referrers(of: a) == [Referrer(from: 0, key: "b")])
        #expect(index.links(to: a) == [Referrer(from: 0, key: "(dictionary key)", link: .dictionaryKey)])
        #expect(index.links(to: key) == [Referrer(from: 0, key: "(dictionary key)", link: .dictionaryKey)])
        #expect(index.links(to: one).isEmpty && index.linkCount(to: 0) == 0)
    }

    @Test(.needsCorpus) func typedstreamClassesToo() throws {
        let root = try #require(Corpus.root)
        let graph = try Corpus.open(root + "/typedstream/crabstep__AttributedBodyTextOnly").graph
        let index = try #require(GraphIndex(graph: graph))
        let users = Self.classUsers(graph)
        #expect(!users.isEmpty)
        for (c, objects) in users { #expect(index.links(to: c).compactMap(\.from) == objects) }
    }
}
