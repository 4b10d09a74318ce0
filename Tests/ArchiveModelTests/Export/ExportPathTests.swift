import Testing
@testable import ArchiveModel
@testable import ArchiveCore
@testable import BinaryPlist
@testable import XMLPlist
@testable import OpenStepPlist
@testable import KeyedArchive
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import Bookmark
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveOutput
@testable import ArchiveAudit
@testable import ArchiveSources

/// `--extract`: key paths through the resolved document.
@Suite struct ExportPathTests {
    private func resolve(_ path: String, in bytes: [UInt8] = ExportFixture.library()) -> ExportPathResolver.Outcome {
        let shapes = ExportShapes(graph: ExportFixture.document(bytes).graph)
        return ExportPathResolver(shapes: shapes).resolve(KeyPath.parse(extractForm: path) ?? [])
    }

    @Test func aPathThroughArraysDictionariesAndObjects() {
        guard case .found(.scalar(.string(let title)), let path, _) = resolve("root.books.1.title") else { Issue.record("not found"); return }
        #expect(title == "The Dispossessed")
        #expect(path == ["root", "books", "1", "title"])
        // A cycle is followed like any reference: every object has a path.
        guard case .found(.scalar(.string(let name)), _, _) = resolve("root.books.0.library.books.1.author.name") else { Issue.record("not found"); return }
        #expect(name == "Le Guin")
    }

    @Test func anEscapedDotReachesAKeyWithADot() {
        guard case .found(.scalar(.bool(let b)), _, _) = resolve(#"root.counts.has\.dot"#) else { Issue.record("not found"); return }
        #expect(b)
    }

    @Test func aRawDollarKeyIsFoundUnderItsEscapedForm() {
        guard case .found(.scalar(.string(let s)), _, _) = resolve("root.$isbn") else { Issue.record("not found"); return }
        #expect(s == "0-395")
    }

    @Test func aPathThatStopsNamesTheLongestPrefixAndWhatIsThere() {
        guard case .notFound(let resolved, let there) = resolve("root.books.7.title") else { Issue.record("found"); return }
        #expect(resolved == ["root", "books"])
        #expect(there == "an array of 2 items")
        guard case .notFound(let r2, let t2) = resolve("root.name.more") else { Issue.record("found"); return }
        #expect(r2 == ["root", "name"])
        #expect(t2 == "a string")
    }

    @Test func aPlainPlistPathMayStartWithRootAsTheBrowserCopiesIt() {
        var b = BinaryPlistBuilder()
        let k = b.add(.string("a")), v = b.add(.integer(1))
        b.topObject = b.add(.dict([(key: k, value: v)]))
        let bytes = b.build().bytes
        for path in ["a", "root.a"] {
            guard case .found(.scalar(.integer(let i)), _, _) = resolve(path, in: bytes) else { Issue.record("\(path) not found"); continue }
            #expect(i == 1)
        }
    }
}
