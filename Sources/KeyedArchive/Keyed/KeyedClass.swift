import ArchiveCore

/// A class dictionary of a keyed archive: `$classname`, `$classes`, `$classhints`.
package struct KeyedClass: Sendable {
    package var name: String?
    package var chain: [String] = []
    var hints: [String] = []
    /// Whether the object is a dictionary with a `$classname` key at all.
    package var isClassDictionary = false
    /// What the object is, when it is not a class dictionary (for messages).
    package var actualType: String

    package init(tree: any PlistTree, nodeID: Int) {
        let node = tree.node(nodeID)
        actualType = node.value.typeName
        guard case .dict(let keys, let values) = node.value else { return }
        for (k, v) in zip(keys, values) {
            guard case .string(let key) = tree.node(k).value else { continue }
            switch key {
            case "$classname":
                isClassDictionary = true
                if case .string(let s) = tree.node(v).value { name = s }
            case "$classes": chain = Self.strings(tree, v)
            case "$classhints": hints = Self.strings(tree, v)
            default: break
            }
        }
        if !isClassDictionary { actualType = "dict without $classname" }
    }

    private static func strings(_ tree: any PlistTree, _ id: Int) -> [String] {
        guard case .array(let ids) = tree.node(id).value else { return [] }
        return ids.prefix(256).compactMap { item in
            if case .string(let s) = tree.node(item).value { return s }
            return nil
        }
    }

    /// The chain to show: `$classes`, or just the name when `$classes` is missing.
    var displayChain: [ClassInfo] {
        let names = chain.isEmpty ? (name.map { [$0] } ?? []) : chain
        return names.map { ClassInfo(name: $0) }
    }
}
