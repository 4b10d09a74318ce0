import ArchiveCore

extension Outline {
    /// The key path of the row at `path` (child positions from the top-level rows, as `roots()` lists
    /// them): a top-level entry's key, then each step's dictionary key, field name or element index.
    ///
    /// Nil when the row is not reached that way: through a group (the stored fields of a known class,
    /// which a resolved tree does not have; lost and found), or past the end of a row's children.
    package func keyPath(of path: [Int]) -> KeyPath? {
        let top = graph.topLevel
        guard let first = path.first, first >= 0, first < top.count else { return nil }
        var components: [KeyPath.Component] = [.key(top[first].key)]
        var node = self.node(label: top[first].key, value: top[first].value, range: top[first].range)
        for position in path.dropFirst() {
            guard position >= 0, position < childCount(of: node), let component = component(of: node, at: position) else { return nil }
            components.append(component)
            node = child(of: node, at: position)
        }
        return KeyPath(components)
    }

    /// The step from `node` to its child at `position`, or nil for a group.
    private func component(of node: OutlineNode, at position: Int) -> KeyPath.Component? {
        switch node.source {
        case .object(let id):
            let v = view(id)
            guard position < v.children.count else { return nil } // the "raw fields" group
            return Self.component(v.children[position], elementsByLabel: v.isKnown)
        case .list:
            return .index(position)
        case .rawFields, .lostAndFound, .none:
            return nil
        }
    }

    /// A field as a path step: an element (`[3]`) as an index, anything else as its key. Elements are
    /// told by their flag, or by their `[n]` label in a known class's presentation (array elements,
    /// dictionary entries without a key of their own).
    static func component(_ field: Field, elementsByLabel: Bool) -> KeyPath.Component {
        if field.isPositional || elementsByLabel, let i = elementIndex(field.key) { return .index(i) }
        return .key(field.key)
    }

    /// `n` for a label `[n]`, else nil.
    static func elementIndex(_ label: String) -> Int? {
        let bytes = label.utf8
        guard bytes.count > 2, bytes.first == 0x5B, bytes.last == 0x5D else { return nil }
        let digits = bytes.dropFirst().dropLast()
        guard digits.count <= 18, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }
}
