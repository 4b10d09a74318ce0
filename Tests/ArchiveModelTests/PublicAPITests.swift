import Foundation
import Testing
import TestSupport

/// ArchiveModel's public API is the list in `docs/public-api.txt`, generated from the symbol graph by
/// `scripts/public-api.sh --write` (CI compares the two exactly). This test needs no symbol graph: it
/// reads the sources, and fails when a declaration spelled `public` or `open` names something the list
/// does not, the usual way the surface grows by accident (code written `public` out of habit; what
/// other targets of the package need is `package`).
@Suite struct PublicAPITests {
    static let listPath = Corpus.repositoryRoot + "/docs/public-api.txt"

    /// The library's targets: ArchiveModel and the layers it re-exports (`@_exported import` in
    /// Sources/ArchiveModel/ArchiveModel.swift), whose public declarations are its API.
    static func libraryTargets() throws -> [String] {
        let umbrella = try String(contentsOfFile: Corpus.repositoryRoot + "/Sources/ArchiveModel/ArchiveModel.swift", encoding: .utf8)
        let layers = umbrella.split(separator: "\n").compactMap { line in
            line.hasPrefix("@_exported import ") ? String(line.dropFirst("@_exported import ".count)) : nil
        }
        return ["ArchiveModel"] + layers
    }

    /// The base names the list gives (`ArchiveDocument.open(_:name:)` gives `ArchiveDocument` and
    /// `open`), from the path before each line's tab.
    static func listedNames(_ list: String) -> Set<String> {
        var names = Set<String>()
        for line in list.split(separator: "\n") where !line.hasPrefix("#") {
            let path = line.prefix { $0 != "\t" }
            for component in path.split(separator: ".") {
                names.insert(String(component.prefix { $0 != "(" }))
            }
        }
        return names
    }

    /// Where `line` declares something `public` or `open`, the name it declares (`init`, `subscript`,
    /// an operator, or an identifier; the extended type of an extension); nil for any other line.
    static func publicName(in line: Substring) -> String? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
        guard let access = words.first, access == "public" || access == "open" else { return nil }
        words = words.dropFirst()
        while let first = words.first, modifiers.contains(first) || first.hasPrefix("@")
                || (first == "class" && words.dropFirst().first.map { ["func", "var", "let", "subscript"].contains($0) } == true) {
            words = words.dropFirst()
        }
        guard let keyword = words.first else { return nil }
        if keyword.hasPrefix("init") { return "init" }
        if keyword.hasPrefix("subscript") { return "subscript" }
        // Anything else is not a declaration (`open = nil` assigns a variable named `open`).
        guard declarationKeywords.contains(keyword), let name = words.dropFirst().first else { return nil }
        let identifier = name.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return String(identifier.isEmpty ? name.prefix { $0 != "(" } : identifier)   // an operator: `<`, `==`
    }

    static let modifiers: Set<Substring> = ["static", "final", "mutating", "nonmutating", "override", "indirect",
                                            "convenience", "required", "nonisolated", "lazy", "dynamic", "private(set)",
                                            "fileprivate(set)", "internal(set)", "package(set)", "prefix", "postfix", "infix"]
    static let declarationKeywords: Set<Substring> = ["func", "var", "let", "struct", "enum", "class", "actor", "protocol",
                                                      "typealias", "extension", "case", "associatedtype", "macro"]

    /// Every `public` or `open` declaration of the library's sources, as `path:line: name`.
    static func publicDeclarations() throws -> [(place: String, name: String)] {
        var found: [(String, String)] = []
        let targets = try libraryTargets()
        #expect(targets.count > 8, "the layers ArchiveModel re-exports were found: \(targets)")
        for target in targets {
            found += try publicDeclarations(in: URL(fileURLWithPath: Corpus.repositoryRoot + "/Sources/" + target))
        }
        return found
    }

    /// Every `public` or `open` declaration of the sources under `root`.
    static func publicDeclarations(in root: URL) throws -> [(place: String, name: String)] {
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var found: [(String, String)] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            var spi = SPIScope()
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if !spi.contains(line), let name = publicName(in: line) {
                    found.append(("\(root.lastPathComponent)/\(url.path.dropFirst(root.path.count + 1)):\(number + 1)", name))
                }
            }
        }
        return found
    }

    /// Declarations under `@_spi(…)` (a type so marked and its members) are the package's own, public
    /// only so that their bodies are inlined across its targets (docs/ARCHITECTURE.md, "The targets"):
    /// not API, and not in the symbol graph. Tracks them line by line, by brace depth.
    struct SPIScope {
        var depth = 0
        var spiDepth: Int?
        /// The previous line was attributes alone, `@_spi(…)` among them: they apply to this line.
        var attributed = false

        /// Whether `line` is an SPI declaration or inside an SPI type; counts its braces.
        mutating func contains(_ line: Substring) -> Bool {
            let opensSPI = line.contains("@_spi(") || attributed
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            attributed = opensSPI && !words.isEmpty && words.allSatisfy { $0.hasPrefix("@") }
            let inside = opensSPI || spiDepth != nil
            if opensSPI, spiDepth == nil, line.contains("{") { spiDepth = depth }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            if let start = spiDepth, depth <= start { spiDepth = nil }
            return inside
        }
    }

    @Test func spiTypesAndTheirMembersAreNotAPI() {
        var scope = SPIScope()
        let lines: [Substring] = ["@_spi(X) public struct Column {", "    public init() {}", "    @inlinable public subscript(i: Int) -> Int {",
                                  "        0", "    }", "}", "public struct Listed {", "    @_spi(X) @inlinable", "    public func add() {}",
                                  "    public func listed() {}", "}"]
        #expect(lines.map { scope.contains($0) } == [true, true, true, true, true, true, false, true, true, false, false])
    }

    @Test func everyPublicDeclarationIsListed() throws {
        let names = Self.listedNames(try String(contentsOfFile: Self.listPath, encoding: .utf8))
        let declarations = try Self.publicDeclarations()
        #expect(declarations.count > 50, "the sources' public declarations were found: \(declarations.count)")
        for declaration in declarations where !names.contains(declaration.name) {
            Issue.record("""
                \(declaration.place): `\(declaration.name)` is public but not in docs/public-api.txt: make it \
                `package` (or `internal`), or, if a caller outside the package needs it, run \
                scripts/public-api.sh --write and commit the list (docs/ARCHITECTURE.md, "The library's public API")
                """)
        }
    }

    /// The check above reads declarations as written: these are the shapes it must recognise, and a
    /// `package` declaration or a comment is not one.
    @Test(arguments: [
        ("    public static func open(_ input: InputBytes, name: String) -> ArchiveDocument {", "open"),
        ("public struct ArchiveDocument: Sendable {", "ArchiveDocument"),
        ("    public private(set) var refusedRepeats = 0", "refusedRepeats"),
        ("    @discardableResult public mutating func add(_ x: Int) -> Bool {", "add"),
        ("    public init(_ start: Int, _ end: Int) {", "init"),
        ("    public subscript(i: Int) -> ExportValue { item(i) }", "subscript"),
        ("    public static func < (a: ByteRange, b: ByteRange) -> Bool {", "<"),
        ("public extension ContainerFormat {", "ContainerFormat"),
        ("public typealias ObjectID = Int", "ObjectID"),
        ("open class Base {", "Base"),
        ("    public class func make() -> Base {", "make"),
        ("public final class InputBytes: @unchecked Sendable {", "InputBytes"),
    ])
    func publicDeclarationShapes(_ line: String, _ name: String) {
        #expect(Self.publicName(in: line[...]) == name)
    }

    @Test(arguments: ["    package static func open(_ input: InputBytes) -> ArchiveDocument {",
                      "    /// The public API of this type.", "    let publicName = 1", "    func `public`() {}",
                      "                open = nil", "            open = Block(range: range)"])
    func otherLinesAreNotPublicDeclarations(_ line: String) {
        #expect(Self.publicName(in: line[...]) == nil)
    }

    @Test func theListNamesWhatTheGuideUses() throws {
        let names = Self.listedNames(try String(contentsOfFile: Self.listPath, encoding: .utf8))
        for name in ["ArchiveDocument", "InputBytes", "read", "open", "ObjectGraph", "topLevel", "DocumentCheck",
                     "fullCheck", "Diagnostic", "DiagnosticRegistry", "ExportShapes", "ArchiveExporter", "DisplayText"] {
            #expect(names.contains(name), "\(name) is public (the getting-started article and Examples/list-classes use it)")
        }
        #expect(!names.contains("KeyedArchiveGraph") && !names.contains("ArchiveSource"),
                "a format's graph class and the sources layer are the package's, not the library's API")
    }
}
