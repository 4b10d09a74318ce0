import ArchiveCore

/// Builds the `GraphObject` of one element of an IB3 XML archive.
struct IB3ObjectReader {
    let scan: IB3Scan
    let buffer: UnsafeRawBufferPointer

    /// Dictionary classes: shown as keyed-archive dictionaries when their entries are in a form the
    /// dictionary presenter reads, else as a container of their keyed values.
    static let dictionaryClasses: Set<String> = ["NSDictionary", "NSMutableDictionary"]

    func object(_ id: ObjectID) -> GraphObject {
        let index = scan.objectElements[id]
        let element = scan.elements[index]
        var object = GraphObject(id: id, kind: .instance, range: element.range, position: element.position)
        var builder = IB3FieldBuilder(scan: scan, buffer: buffer, owner: id)
        switch element.kind {
        case .string, .integer, .boolean, .real:
            switch IB3Values.read(element, buffer) {
            case .value(let scalar):
                object.kind = .value
                object.value = scalar
            case .invalid(let text, let why):
                object.kind = .invalid
                object.diagnostics.append(IB3Issue.invalidValue(builder.name(element), text, why: why, element.range, element.position, object: id))
            }
            return object
        case .object:
            let className = element.attributes.className.map { IB3Text.attribute(buffer, $0) }
            if className == nil { object.diagnostics.append(IB3Issue.noClass(element.range, element.position, object: id)) }
            object.className = className
        case .array: object.className = classAttribute(element) ?? "NSArray"
        case .set: object.className = classAttribute(element) ?? "NSSet"
        case .dictionary: object.className = classAttribute(element) ?? "NSDictionary"
        default: break
        }
        object.classChain = object.className.map { [ClassInfo(name: $0)] } ?? []
        var fields = builder.fields(of: index)
        if let name = object.className, Self.dictionaryClasses.contains(name) {
            dictionary(&object, &fields, &builder)
        }
        object.fields = FieldCollection(fields)
        object.diagnostics += builder.diagnostics
        return object
    }

    private func classAttribute(_ element: IB3Element) -> String? {
        element.attributes.className.map { IB3Text.attribute(buffer, $0) }
    }

    /// A dictionary: `NS.key.N`/`NS.object.N` fields are what a keyed archive writes; the XML coder's
    /// `dict.sortedKeys`/`dict.values` arrays are paired into `NS.keys`/`NS.objects`; keyed children
    /// of `<dictionary>` (key = the entry's key) stay fields of a container.
    private func dictionary(_ object: inout GraphObject, _ fields: inout [Field], _ builder: inout IB3FieldBuilder) {
        if fields.contains(where: { $0.key.hasPrefix("NS.key.") || $0.key == "NS.keys" }) { return }
        if let keys = field("dict.sortedKeys", fields), let values = field("dict.values", fields) {
            var side = IB3FieldBuilder(scan: scan, buffer: buffer, owner: object.id)
            fields.removeAll { $0.key == "NS.objects" && isEmpty($0.value) }
            fields.append(Field(key: "NS.keys", value: .list(FieldList(side.items(of: keys))), range: fields.first { $0.key == "dict.sortedKeys" }?.range))
            fields.append(Field(key: "NS.objects", value: .list(FieldList(side.items(of: values))), range: fields.first { $0.key == "dict.values" }?.range))
            return
        }
        object.kind = .container
        fields.removeAll { $0.key == "NS.objects" && isEmpty($0.value) }
    }

    /// The element a field's value leads to (the collection it is or references).
    private func field(_ key: String, _ fields: [Field]) -> Int? {
        guard let id = fields.first(where: { $0.key == key })?.value.objectID, id >= 0, id < scan.objectElements.count else { return nil }
        return scan.objectElements[id]
    }

    private func isEmpty(_ value: FieldValue) -> Bool {
        if case .list(let items) = value { return items.isEmpty }
        return false
    }
}
