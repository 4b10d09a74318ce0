

@_spi(ArchiveInternals) import ArchiveCore

/// A property list that is not an archive, shown as an object graph: every plist node is an object,
/// containers are objects whose fields are their entries.
package final class PlistObjectGraph: ObjectGraph, DataValueScanning, Sendable {
    package let tree: any PlistTree

    package init(tree: any PlistTree) { self.tree = tree }

    package var container: ContainerFormat { tree.format }
    package var graphKind: GraphKind { .plainPlist }
    package var archiveKind: String { "plist" }
    package var input: InputBytes { tree.input }
    package var textEncoding: TextEncoding? { tree.textEncoding }
    package var objectCount: Int { tree.nodeCount }
    package var openDiagnostics: [Diagnostic] { tree.openDiagnostics }

    package var topLevel: [Field] {
        guard let root = tree.rootID else { return [] }
        return [Field(key: "root", value: reference(root))]
    }

    package func object(_ id: ObjectID) -> GraphObject { read(id, sharers: tree.knownSharing.offsetSharers) }

    /// Whole-file passes first find the objects that repeat another's offset (see `read`).
    package func makeStructureReader() -> (ObjectID) -> GraphObject {
        let sharers = tree.sharing().offsetSharers
        let owners = Set(sharers.values)
        return { id in self.read(id, sharers: sharers, owners: owners) }
    }

    /// Object `id`. One that repeats the offset of a lower container of more than
    /// `KeyedArchiveGraph.sharedListMinimum` values (`sharers`) is shown as a stand-in for it, linked to
    /// what it refers to: N table entries at one K-value container would otherwise be N×K fields.
    /// `owners` (whole-file passes) get the link their stand-ins go through.
    func read(_ id: ObjectID, sharers: [Int: Int], owners: Set<Int> = []) -> GraphObject {
        if let first = sharers[id], let values = tree.containerValues(first), values.count > KeyedArchiveGraph.sharedListMinimum {
            var object = GraphObject(id: id, kind: .container, className: tree.arrayElements(first).map { $0.isSet ? "set" : "array" } ?? "dict",
                                     range: values.range)
            object.fields = [Field(key: "(entries)", value: .sameAs(SameContent(owner: first, node: first,
                description: "the \(values.count)-value container #\(first), whose offset this object's table entry repeats")),
                range: values.range)]
            object.sharedListLinks = [SharedListLink(node: first, targets: nil)]
            return object
        }
        var object = decode(id)
        if owners.contains(id) {
            var targets: [ObjectID] = []
            for field in object.fields { field.value.forEachReference { if case .object(let t) = $0 { targets.append(t) } } }
            object.sharedListLinks = [SharedListLink(node: id, targets: targets + object.auxiliaryReferences)]
        }
        return object
    }

    private func decode(_ id: ObjectID) -> GraphObject {
        let node = tree.node(id)
        var object = GraphObject(id: id, kind: .value, range: node.range, position: node.position, diagnostics: node.diagnostics)
        switch node.value {
        case .array(let ids), .set(let ids):
            object.kind = .container
            object.className = node.value.typeName
            object.fields = FieldCollection(ids.enumerated().map { Field(key: "[\($0.offset)]", value: reference($0.element), isPositional: true) })
        case .dict(let keys, let values):
            object.kind = .container
            object.className = "dict"
            // A key node named again shares the text (one 100 KB key for 20,000 entries is one string).
            var names: [Int: String] = [:]
            let remembers = keys.count > 8
            object.fields = FieldCollection(zip(keys, values).map { k, v in
                let name = names[k] ?? keyText(k)
                if remembers { names[k] = name }
                return Field(key: name, value: reference(v))
            })
            object.auxiliaryReferences = keys.filter { $0 >= 0 && $0 < tree.nodeCount }
        case .invalid(let why):
            object.kind = .invalid
            if object.diagnostics.isEmpty {
                object.diagnostics = [Diagnostic(DocumentCode.objectInvalid, why, range: node.range, object: id)]
            }
        default:
            object.value = PlistObjectGraph.scalar(node.value)
        }
        return object
    }

    /// Every data node, from the tree (`PlistTree.dataValue`): a container's fields are references, and
    /// an object standing in for a shared container (`read`) holds no data either.
    package func forEachDataValue(_ body: (ObjectID, [UInt8]) -> Void) {
        for id in 0..<tree.nodeCount {
            if let bytes = tree.dataValue(id) { body(id, bytes) }
        }
    }

    package func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] { tree.fullCheck(progress: progress) }

    /// A reference to node `id`, dangling when the id is outside the tree.
    package func reference(_ id: Int) -> FieldValue {
        guard id >= 0, id < tree.nodeCount else {
            return .reference(.dangling(raw: UInt64(clamping: id), reason: "object reference \(id) is out of range (the table has \(English.count(tree.nodeCount, "object")))"))
        }
        return .reference(.object(id))
    }

    /// The text of a dictionary key: the string itself, or a bracketed summary for non-string keys.
    func keyText(_ id: Int) -> String {
        // A container key (CF rejects them) is named, not decoded: a dictionary whose K keys are one
        // M-item array would decode K·M items to name its keys.
        if let elements = tree.arrayElements(id) { return "<key #\(id): \(elements.isSet ? "set" : "array")>" }
        if tree.containerValues(id) != nil { return "<key #\(id): dict>" }
        let node = tree.node(id)
        if case .string(let s) = node.value { return s }
        if let scalar = PlistObjectGraph.scalar(node.value) { return "<\(node.value.typeName) \(ValueFormatter.summary(scalar))>" }
        return "<key #\(id): \(node.value.typeName)>"
    }

    /// The scalar of a non-container plist value.
    package static func scalar(_ value: PlistValue) -> ScalarValue? {
        switch value {
        case .null, .fill: .null
        case .bool(let b): .bool(b)
        case .integer(let i, let w): .integer(i, width: w)
        case .real(let d, let w): .real(d, width: w)
        case .date(let t): .date(t)
        case .data(let d): .data(d)
        case .string(let s): .string(s)
        case .uid(let u): .uid(u)
        case .array, .set, .dict, .invalid: nil
        }
    }
}
