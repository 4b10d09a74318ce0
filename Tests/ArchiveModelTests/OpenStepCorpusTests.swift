import TestSupport
import Testing
@testable import ArchiveModel
@testable import ArchiveDocuments

/// Real OpenStep files from `../shared/corpus/other` (next to the repository): every file the format
/// detector calls OpenStep decodes without errors into a dictionary. Skipped without the corpus.
@Suite(.needsCorpus) struct OpenStepCorpusTests {
    typealias S = OpenStepTestSupport

    /// The OpenStep files of the corpus's `other` folder with their names and bytes.
    static func openStepFiles() -> [(name: String, input: InputBytes)] {
        Corpus.files("other").compactMap { path in
            guard let input = try? InputBytes.read(path: path), FormatDetector.detect(input) == .openStepPlist else { return nil }
            return (String(path.split(separator: "/").last ?? ""), input)
        }
    }

    @Test func everyOpenStepFileDecodesToADictionaryWithoutErrors() throws {
        let files = Self.openStepFiles()
        #expect(files.count >= 7, "\(files.map(\.name))")
        for (name, input) in files {
            let tree = OpenStepPlistDecoder.decode(input)
            S.checkInvariants(tree)
            let errors = tree.openDiagnostics.filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(name): \(errors)")
            let root = try #require(tree.rootID, "\(name) has no root")
            guard case .dict(let keys, _) = tree.node(root).value else {
                Issue.record("\(name): root is \(tree.node(root).value.typeName)")
                continue
            }
            #expect(!keys.isEmpty, "\(name)")
        }
    }

    @Test func pbxprojHasItsObjects() throws {
        let files = Self.openStepFiles()
        let input = try #require(files.first { $0.name.hasSuffix(".pbxproj") }?.input)
        let clock = ContinuousClock()
        var decoded: EagerPlistTree?
        let elapsed = clock.measure { decoded = OpenStepPlistDecoder.decode(input) }
        let tree = try #require(decoded)
        print("netnewswire.pbxproj: \(input.count) bytes, \(tree.nodeCount) nodes, decoded in \(elapsed)")
        #expect(tree.openDiagnostics.isEmpty, "\(tree.openDiagnostics.prefix(5))")
        #expect(S.dump(tree, S.child(tree, "archiveVersion")) == #""1""#)
        #expect(S.dump(tree, S.child(tree, "objectVersion")) == #""46""#)
        let objects = try #require(S.child(tree, "objects"))
        guard case .dict(let keys, let values) = tree.node(objects).value else {
            Issue.record("objects is not a dict")
            return
        }
        #expect(keys.count > 1000)
        // Every object is a dict with an `isa`.
        let isas = values.compactMap { S.child(tree, "isa", in: $0) }
        #expect(isas.count == keys.count)
        let rootObject = try #require(S.child(tree, "rootObject"))
        guard case .string(let rootObjectID) = tree.node(rootObject).value else {
            Issue.record("rootObject is not a string")
            return
        }
        let project = try #require(S.child(tree, rootObjectID, in: objects))
        #expect(S.dump(tree, S.child(tree, "isa", in: project)) == #""PBXProject""#)
    }

    @Test func nextstepAndInterfaceBuilderClassFiles() throws {
        let files = Self.openStepFiles()
        let byName = Dictionary(files.map { ($0.name, $0.input) }, uniquingKeysWith: { a, _ in a })
        // NeXTSTEP IB data.classes: a strings file of class dicts with `action:;` shortcuts.
        if let input = byName["worldwideweb__WorldWideWeb.nib__data.classes"] {
            let tree = OpenStepPlistDecoder.decode(input)
            let textToy = try #require(S.child(tree, "TextToy"))
            let actions = try #require(S.child(tree, "ACTIONS", in: textToy))
            #expect(S.dump(tree, S.child(tree, "followLink:", in: actions)) == #""followLink:""#)
            #expect(S.dump(tree, S.child(tree, "SUPERCLASS", in: textToy)) == #""Object""#)
        }
        if let input = byName["rust-plist__ascii-animals.plist"] {
            let tree = OpenStepPlistDecoder.decode(input)
            let smells = try #require(S.child(tree, "AnimalSmells"))
            #expect(S.dump(tree, smells) == #"{"lamb"="lambish";"pig"="piggish";"worm"="wormy";}"#)
        }
        if let input = byName["libplist__o1.ostep"] {
            let tree = OpenStepPlistDecoder.decode(input)
            #expect(S.dump(tree, S.child(tree, "test")) == #"("1","1")"#)
        }
        if let input = byName["tlayer__MainMenu.nib__classes.nib"] {
            let tree = OpenStepPlistDecoder.decode(input)
            #expect(S.dump(tree, S.child(tree, "IBVersion")) == #""1""#)
            let classes = try #require(S.child(tree, "IBClasses"))
            guard case .array(let items) = tree.node(classes).value else {
                Issue.record("IBClasses is not an array")
                return
            }
            #expect(items.count == 2)
            #expect(tree.node(items[1]).position == TextPosition(line: 9, column: 9))
        }
    }
}
