import Testing
@testable import ArchiveModel
@testable import ArchiveDocuments
import TestSupport

/// The Interface Builder files of `corpus/ib3xml`, by their MANIFEST category: every IB3 archive
/// checks clean, the damaged one reports its second archive, the Xcode 5+ documents are one note
/// (never damage), and each designable.nib agrees with its compiled keyedobjects.nib on the classes
/// of the objects a nib loader builds.
@Suite(.needsCorpus)
struct IB3XMLCorpusTests {
    /// The corpus files of one MANIFEST category (`ib3xml`, `ib3xml-damaged`, `ib-document`, `ib3xml-pair`).
    static func files(_ category: String) -> [String] {
        guard let manifest = Corpus.path("MANIFEST.tsv"), let input = try? InputBytes.read(path: manifest) else { return [] }
        let text = String(decoding: input.bytes(in: ByteRange(0, input.count)), as: UTF8.self)
        return text.split(separator: "\n").compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count > 1, columns[1] == category else { return nil }
            return Corpus.path(String(columns[0]))
        }
    }

    @Test func everyArchiveChecksClean() throws {
        let files = Self.files("ib3xml")
        #expect(files.count == 18)
        for path in files {
            let document = try Corpus.open(path)
            #expect(document.format == .ib3Archive, "\(path)")
            let diagnostics = DocumentCheck.fullCheck(of: document.graph)
            #expect(CheckReport.exitStatus(diagnostics) == 0, "\(path): \(diagnostics.prefix(3).map(\.message))")
            #expect(document.graph.objectCount > 10, "\(path)")
            #expect(!document.graph.topLevel.isEmpty, "\(path)")
        }
    }

    @Test func theDamagedArchiveReportsItsSecondDocument() throws {
        let files = Self.files("ib3xml-damaged")
        #expect(files.count == 1)
        for path in files {
            let document = try Corpus.open(path)
            #expect(document.format == .ib3Archive)
            let diagnostics = DocumentCheck.fullCheck(of: document.graph)
            let trailing = diagnostics.filter { $0.id == "ib3.xml.trailing-content" }
            #expect(trailing.count == 1)
            #expect(trailing.first?.range?.start == 148_421)
            #expect(trailing.first?.position?.line == 3299)
            #expect(!diagnostics.contains { $0.id.hasPrefix("damage.") })
            #expect(document.graph.objectCount > 500)
        }
    }

    @Test func sourceDocumentsAreNamedNotDamaged() throws {
        let files = Self.files("ib-document")
        #expect(files.count == 3)
        for path in files {
            let document = try Corpus.open(path)
            #expect(document.format == .interfaceBuilderDocument, "\(path)")
            #expect(!document.isDecoded)
            let diagnostics = DocumentCheck.fullCheck(of: document.graph)
            #expect(diagnostics.map(\.id) == ["ib3.document.source"], "\(path)")
        }
    }

    /// Classes IB's compiler adds: the nib's object data, its connectors (outlets, actions, bindings,
    /// help tags) and the class swapper that stands for custom classes; and the collections and
    /// strings both forms store in their own way (a token field cell's contents, an attributed string in
    /// the nib, are a plain string in the XML). IB3's editor records (`IB…` classes) exist only in the XML.
    static let compiledOnly: Set<String> = ["NSIBObjectData", "NSNibOutletConnector", "NSNibControlConnector",
                                            "NSNibBindingConnector", "NSClassSwapper", "NSNibAXAttributeConnector",
                                            "NSNibAXRelationshipConnector", "NSNibAuxiliaryActionConnector", "NSIBHelpConnector"]
    static let storedDifferently: Set<String> = ["NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSDictionary",
                                                 "NSMutableDictionary", "NSString", "NSMutableString", "NSNumber", "NSData", "NSMutableData",
                                                 "NSAttributedString", "NSMutableAttributedString"]

    static func census(_ graph: any ObjectGraph) -> [String: Int] {
        var counts: [String: Int] = [:]
        for entry in ClassCensus(graph: graph).classes { counts[entry.name, default: 0] += entry.instances }
        return counts
    }

    /// Every class of the compiled nib (but those the compiler adds, and collections and strings)
    /// is in the designable.nib, with at least as many objects: IB keeps every object of the nib, and
    /// objects the compiler drops (objects of IB's own palettes, placeholders) only in the XML.
    @Test func designableAndCompiledNibsAgreeOnClasses() throws {
        // The damaged file's first archive is the one its keyedobjects.nib was compiled from.
        let designables = (Self.files("ib3xml") + Self.files("ib3xml-damaged")).filter { $0.hasSuffix("__designable.nib") }
        #expect(designables.count == 9)
        for path in designables {
            let compiledPath = String(path.dropLast("designable.nib".count)) + "keyedobjects.nib"
            let xml = Self.census(try Corpus.open(path).graph)
            let compiled = Self.census(try Corpus.open(compiledPath).graph)
            #expect(xml.keys.contains("IBObjectContainer"), "\(path)")
            for (name, count) in compiled where !Self.compiledOnly.contains(name) && !Self.storedDifferently.contains(name) {
                #expect((xml[name] ?? 0) >= count, "\(path): \(name) \(xml[name] ?? 0) in the XML, \(count) compiled")
            }
        }
    }
}
