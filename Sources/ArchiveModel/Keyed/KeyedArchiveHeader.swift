/// The root dictionary of a keyed archive: where `$archiver`, `$version`, `$top` and `$objects` are.
struct KeyedArchiveHeader: Sendable {
    /// `$archiver` string, if it is a string.
    var archiver: String?
    /// `$version` integer, if it is an integer.
    var version: Int128?
    /// Where the `$version` value is, for diagnostics about it.
    var versionRange: ByteRange?
    var versionPosition: TextPosition?
    /// Node id of the `$top` dict, if it is a dict.
    var topID: Int?
    /// Node ids of the `$objects` elements, in order, read on demand (opening a file of millions of
    /// objects reads none of them).
    var objectNodeIDs = PlistArrayElements.empty
    /// Which of the four reserved root keys were present (of any type).
    var presentKeys: Set<String> = []
    /// Root keys other than the four.
    var extraKeys: [String] = []
    /// Range of the root dictionary.
    var rootRange: ByteRange?
    var rootPosition: TextPosition?
    /// Diagnostics from reading the root (missing or mistyped entries).
    var diagnostics: [Diagnostic] = []

    /// Whether a plist root dict looks like a keyed archive (has `$archiver`, or `$top` and `$objects`).
    static func looksKeyed(_ tree: any PlistTree) -> Bool {
        guard let root = tree.rootID, case .dict(let keys, _) = tree.node(root).value, keys.count < 64 else { return false }
        let names = Set(keys.compactMap { key -> String? in
            if case .string(let s) = tree.node(key).value { return s }
            return nil
        })
        return names.contains("$archiver") || (names.contains("$top") && names.contains("$objects"))
    }

    init(tree: any PlistTree) {
        guard let root = tree.rootID else { return }
        let rootNode = tree.node(root)
        rootRange = rootNode.range
        rootPosition = rootNode.position
        guard case .dict(let keys, let values) = rootNode.value else { return }
        for (k, v) in zip(keys, values) {
            guard case .string(let name) = tree.node(k).value else { continue }
            read(name, valueID: v, tree: tree)
        }
    }

    private mutating func read(_ name: String, valueID: Int, tree: any PlistTree) {
        if Self.expectedType[name] != nil { presentKeys.insert(name) }
        if name == "$objects", let elements = tree.arrayElements(valueID), !elements.isSet {
            objectNodeIDs = elements
            return
        }
        let node = tree.node(valueID)
        switch (name, node.value) {
        case ("$archiver", .string(let s)): archiver = s
        case ("$version", .integer(let i, _)): version = i; versionRange = node.range; versionPosition = node.position
        case ("$top", .dict): topID = valueID
        case ("$archiver", _), ("$version", _), ("$top", _), ("$objects", _):
            diagnostics.append(Diagnostic("keyed.root.wrong-type", .error,
                "\(name) is a \(node.value.typeName), expected \(Self.expectedType[name] ?? "?")",
                range: node.range, position: node.position))
        default:
            extraKeys.append(name)
        }
    }

    private static let expectedType = ["$archiver": "string", "$version": "integer", "$top": "dict", "$objects": "array"]
}
