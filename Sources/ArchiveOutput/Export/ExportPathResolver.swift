import ArchiveCore

/// Finds the value at a key path (`root.items.3.name`, as `KeyPath.parse(extractForm:)` splits it)
/// in the resolved document: dictionary keys as the export writes them (a raw key that starts with
/// `$` is found under its escaped form too), array indices in decimal. References are followed
/// whatever the export would write there, so every object has a path.
package struct ExportPathResolver {
    package let shapes: ExportShapes

    package init(shapes: ExportShapes) { self.shapes = shapes }

    package enum Outcome {
        /// The value, with the components that reached it and the shapes of the document it lies in
        /// (an embedded archive's, past its `$root`), which its references are objects of.
        case found(ExportValue, path: [String], in: ExportShapes)
        /// The longest prefix that resolved, and what is there (`an array of 3 items`).
        case notFound(resolved: [String], there: String)
    }

    package func resolve(_ components: [String]) -> Outcome {
        var value = shapes.root
        // The document the value belongs to: the input's, or an embedded archive's past its `$root`.
        var shapes = self.shapes
        var rest = components[...]
        // A plain plist's document is its root value; the browser's paths name it `root`.
        if shapes.isPlainPlist, rest.first == "root", child(of: expanded(value, &shapes), "root", shapes) == nil { rest = rest.dropFirst() }
        var resolved = Array(components[..<rest.startIndex])
        for component in rest {
            value = expanded(value, &shapes)
            guard let next = child(of: value, component, shapes) else { return .notFound(resolved: resolved, there: Self.describe(value)) }
            value = next
            resolved.append(component)
        }
        let found = expanded(value, &shapes)
        return .found(found, path: resolved, in: shapes)
    }

    /// An object reference replaced by the object's value; an embedded archive by its root, whose
    /// document `shapes` becomes.
    func expanded(_ value: ExportValue, _ shapes: inout ExportShapes) -> ExportValue {
        switch value {
        case .object(let id): return shapes.shape(of: id).value
        case .embedded(let inner):
            shapes = inner
            return expanded(inner.root, &shapes)
        default: return value
        }
    }

    private func child(of value: ExportValue, _ component: String, _ shapes: ExportShapes) -> ExportValue? {
        switch value {
        case .array(let items):
            guard !component.isEmpty, component.utf8.count <= 18, component.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                  let i = Int(component), i < items.count else { return nil }
            return items[i]
        case .dictionary(let entries):
            let escaped = shapes.exportKey(component)
            var fallback: ExportValue?
            for i in 0..<entries.count {
                let (key, v) = entries[i]
                if key.isLiterally(component) { return v }
                if fallback == nil, key.isLiterally(escaped) { fallback = v }
            }
            return fallback
        case .scalar, .object, .embedded:
            return nil
        }
    }

    /// What a value is, for the message naming where a path stopped.
    static func describe(_ value: ExportValue) -> String {
        switch value {
        case .array(let items): "an array of " + English.count(items.count, "item")
        case .dictionary(let entries): "a dictionary of " + English.count(entries.count, "key")
        case .object(let id): "object #\(id)"
        case .embedded: "an embedded archive"
        case .scalar(let s):
            switch s {
            case .null: "null"
            case .bool: "a bool"
            case .integer: "an integer"
            case .real: "a real"
            case .string: "a string"
            case .data: "data"
            case .date: "a date"
            case .uid: "a UID"
            }
        }
    }
}
