

@_spi(ArchiveInternals) import ArchiveCore

/// The root dictionary of a keyed archive: where `$archiver`, `$version`, `$top` and `$objects` are.
package struct KeyedArchiveHeader: Sendable {
    /// `$archiver` string, if it is a string, and where it is.
    package var archiver: String?
    package var archiverRange: ByteRange?
    var archiverPosition: TextPosition?
    /// `$version` integer, if it is an integer.
    package var version: Int128?
    /// Where the `$version` value is, for diagnostics about it.
    package var versionRange: ByteRange?
    var versionPosition: TextPosition?
    /// Node id of the `$top` dict, if it is a dict.
    package var topID: Int?
    /// Node ids of the `$objects` elements, in order, read on demand (opening a file of millions of
    /// objects reads none of them).
    package var objectNodeIDs = PlistArrayElements.empty
    /// Node id of the `$objects` array, if it is an array.
    package var objectsID: Int?
    /// Which of the four reserved root keys were present (of any type).
    var presentKeys: Set<String> = []
    /// Root keys other than the four, with where their key strings are (for "did you mean" notes).
    var extraKeys: [RootKey] = []
    /// Range of the root dictionary.
    package var rootRange: ByteRange?
    var rootPosition: TextPosition?
    /// Diagnostics from reading the root (missing or mistyped entries).
    var diagnostics: [Diagnostic] = []

    /// Whether a plist root dict looks like a keyed archive (has `$archiver`, or `$top` and `$objects`).
    package static func looksKeyed(_ tree: any PlistTree) -> Bool {
        guard let root = tree.rootID, case .dict(let keys, _) = tree.node(root).value, keys.count < 64 else { return false }
        let names = Set(keys.compactMap { key -> String? in
            if case .string(let s) = tree.node(key).value { return s }
            return nil
        })
        return names.contains("$archiver") || (names.contains("$top") && names.contains("$objects"))
    }

    package init(tree: any PlistTree) {
        guard let root = tree.rootID else { return }
        let rootNode = tree.node(root)
        rootRange = rootNode.range
        rootPosition = rootNode.position
        guard case .dict(let keys, let values) = rootNode.value else { return }
        for (k, v) in zip(keys, values) {
            let keyNode = tree.node(k)
            guard case .string(let name) = keyNode.value else { continue }
            read(name, valueID: v, tree: tree, keyNode: keyNode)
        }
    }

    /// A key of the root dictionary and the bytes of its key string.
    struct RootKey: Sendable {
        var name: String
        var range: ByteRange?
        var position: TextPosition?
    }

    private mutating func read(_ name: String, valueID: Int, tree: any PlistTree, keyNode: PlistNode) {
        if Self.expectedType[name] != nil { presentKeys.insert(name) }
        if name == "$objects", let elements = tree.arrayElements(valueID), !elements.isSet {
            objectNodeIDs = elements
            objectsID = valueID
            return
        }
        let node = tree.node(valueID)
        switch (name, node.value) {
        case ("$archiver", .string(let s)): archiver = s; archiverRange = node.range; archiverPosition = node.position
        case ("$version", .integer(let i, _)): version = i; versionRange = node.range; versionPosition = node.position
        case ("$top", .dict): topID = valueID
        case ("$archiver", _), ("$version", _), ("$top", _), ("$objects", _):
            // Apple's unarchiver never reads $archiver (corelibs' does, and rejects the archive).
            diagnostics.append(Diagnostic(KeyedArchiveCode.rootWrongType, Self.wrongType(name, node.value.typeName),
                                          severity: name == "$archiver" ? .warning : nil, range: node.range, position: node.position))
        default:
            extraKeys.append(RootKey(name: name, range: keyNode.range, position: keyNode.position))
        }
    }

    /// The root keys that look like a misspelt `name` (`$toppo` for `$top`), as notes.
    func nearMisses(of name: String) -> [DiagnosticNote] {
        extraKeys.prefix(64).filter { KeyNearMiss.isNearMiss($0.name, of: name) }.prefix(3).map {
            DiagnosticNote(KeyNearMiss.message($0.name, of: name), range: $0.range, position: $0.position)
        }
    }

    private static func wrongType(_ name: String, _ type: String) -> String {
        "\(name) is \(English.article(type)), expected \(English.article(expectedType[name] ?? "?"))"
    }

    private static let expectedType = ["$archiver": "string", "$version": "integer", "$top": "dict", "$objects": "array"]
}
