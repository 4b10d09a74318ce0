import Testing
@testable import ArchiveModel
@testable import ArchiveDocuments
import TestSupport

/// The XML files of the shared corpus (`../shared/corpus` next to the repository root; see its
/// MANIFEST.tsv). When the corpus is absent the suite is skipped.
@Suite(.needsCorpus, .tags(.slow)) struct XMLPlistCorpusTests {
    /// The corpus directory (located by `Corpus`).
    static let corpus: String? = Corpus.root

    /// Files in plist/ or keyed-xml/ that CF itself rejects, so an error is expected there.
    static let rejectedByCF: [String: String] = [
        // `<key><!-- comment --></key>`: CF reads `<!` inside a string as a CDATA opening and fails
        // ("Encountered improper CDATA opening"); expat and libplist accept it.
        "plist/libplist__empty_keys.plist": "xml.content.markup",
    ]

    /// MANIFEST.tsv rows by file name: (plistlib result, description).
    static func manifest(_ corpus: String) throws -> [String: (plistlib: String, description: String)] {
        let input = try InputBytes.read(path: corpus + "/MANIFEST.tsv")
        let text = String(decoding: input.buffer, as: UTF8.self)
        var rows: [String: (String, String)] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 11 else { continue }
            rows[columns[0]] = (columns[8], columns[10])
        }
        return rows
    }

    /// `dir/name` of the regular files in `dir`, sorted.
    static func files(_ corpus: String, _ dir: String) -> [String] {
        guard let handle = opendir(corpus + "/" + dir) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(dir + "/" + name) }
        }
        return names.sorted()
    }

    /// The XML files of `dirs`: detected as XML plists, plus `.xml` files whose head is damaged.
    static func xmlFiles(_ corpus: String, _ dirs: [String]) throws -> [(name: String, input: InputBytes)] {
        try dirs.flatMap { files(corpus, $0) }.compactMap { name in
            let input = try InputBytes.read(path: corpus + "/" + name)
            let isXML = FormatDetector.detect(input) == .xmlPlist || name.hasSuffix(".xml")
            return isXML ? (name, input) : nil
        }
    }

    @Test func validFilesDecodeWithoutErrors() throws {
        let corpus = try #require(Self.corpus)
        let files = try Self.xmlFiles(corpus, ["plist", "keyed-xml"])
        #expect(files.count >= 20)
        for (name, input) in files {
            let tree = XMLPlistDecoder.decode(input)
            XMLPlistFixture.checkInvariants(tree)
            #expect(tree.rootID != nil, "\(name) has no root")
            let errors = tree.fullCheck().filter { $0.severity == .error }
            if let expected = Self.rejectedByCF[name] {
                #expect(errors.map(\.id) == [expected], "\(name): \(errors)")
            } else {
                #expect(errors.isEmpty, "\(name): \(errors)")
            }
        }
    }

    /// Xcode writes raw control characters and CF reads them back: notes, so `--check` passes (issue 24).
    @Test func xcuserstateControlCharactersAreNotes() throws {
        let corpus = try #require(Self.corpus)
        let name = "keyed-xml/flycut__termit__UserInterfaceState.xcuserstate"
        let tree = XMLPlistDecoder.decode(try InputBytes.read(path: corpus + "/" + name))
        let all = tree.fullCheck()
        #expect(!all.isEmpty && all.allSatisfy { $0.id == "xml.string.control-character" && $0.severity == .note })
        #expect(CheckReport.exitStatus(all) == 0)
        // One note per string, on the string's node.
        #expect(tree.nodes.allSatisfy { $0.diagnostics.count <= 1 })
        #expect(tree.openDiagnostics.isEmpty)
    }

    @Test func corruptFilesAreLocated() throws {
        let corpus = try #require(Self.corpus)
        let manifest = try Self.manifest(corpus)
        let files = try Self.xmlFiles(corpus, ["corrupt"])
        #expect(files.count >= 10)
        for (name, input) in files {
            let tree = XMLPlistDecoder.decode(input)
            XMLPlistFixture.checkInvariants(tree)
            let row = manifest[name]
            // Files Python rejects, and the one it wrongly accepts (stray text inside <plist>), are broken
            // XML plists; the others are valid plists holding invalid keyed archives.
            let broken = row.map { $0.plistlib.hasPrefix("rejects") || $0.description.contains("stray") } ?? true
            let located = tree.fullCheck().filter { $0.range != nil && $0.position != nil }
            if broken {
                #expect(!located.isEmpty, "\(name) decodes without a located diagnostic")
            } else {
                #expect(located.allSatisfy { $0.severity != .error }, "\(name): \(located)")
            }
        }
    }

    @Test func entityErrorFileIsLocatedAtTheStrayText() throws {
        let corpus = try #require(Self.corpus)
        let tree = XMLPlistDecoder.decode(try InputBytes.read(path: corpus + "/corrupt/rust-plist__xml_entity_error.plist"))
        let stray = tree.openDiagnostics.first { $0.id == "xml.text.unexpected" }
        #expect(stray?.position == TextPosition(line: 4, column: 1))
        #expect(stray?.message.contains("&#32;&amp;") == true)
    }

    @Test func truncationsOfSmallCorpusFiles() throws {
        let corpus = try #require(Self.corpus)
        for name in ["keyed-xml/go-ios__onevalue.xml", "plist/libplist__cdata.plist", "plist/rust-plist__xml.plist"] {
            guard let input = try? InputBytes.read(path: corpus + "/" + name) else { continue }
            let bytes = Array(input.buffer)
            for n in stride(from: 0, to: bytes.count, by: 1) {
                XMLPlistFixture.checkInvariants(XMLPlistDecoder.decode(InputBytes(bytes[0..<n])))
            }
        }
    }
}
