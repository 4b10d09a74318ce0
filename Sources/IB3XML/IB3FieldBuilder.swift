import ArchiveCore

/// Turns the children of one element into `Field`s, the way a keyed archive shows the same object:
/// a keyed child is a field under its key; the children without a key (the elements of a collection
/// the XML coder wrote with `EncodedWithXMLCoder`, or of `<array>`/`<set>`) are one `NS.objects` list,
/// so collections read like their keyed-archive form. Strings, numbers, objects and collections are
/// references to their own objects; `<int>`, `<bool>`, `<double>`, `<float>`, `<bytes>` and
/// `<characters>` are inline scalars; `<reference ref=…>` leads to the element with that id.
struct IB3FieldBuilder {
    let scan: IB3Scan
    let buffer: UnsafeRawBufferPointer
    /// The object the fields belong to (for diagnostics), nil for the top level.
    let owner: ObjectID?
    /// Problems met reading the values: dangling references, unreadable text values.
    private(set) var diagnostics: [Diagnostic] = []

    init(scan: IB3Scan, buffer: UnsafeRawBufferPointer, owner: ObjectID?) {
        self.scan = scan
        self.buffer = buffer
        self.owner = owner
    }

    /// Class names whose objects are collections: their unkeyed children are elements.
    static let collectionClasses: Set<String> = ["NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSCountedSet"]

    /// The fields of element `index`. With `itemList`, the children without a key are read once here
    /// (for their diagnostics) but not kept: `itemList` makes their list from the children's element
    /// indices, to be read again on access (a top level of a million elements keeps one index each).
    mutating func fields(of index: Int, itemList: (([Int]) -> FieldList)? = nil) -> [Field] {
        var fields: [Field] = []
        var items: [FieldValue] = []
        var itemElements: [Int] = []
        var itemsRange: ByteRange?
        var encodedAsCollection = false
        for child in scan.children(of: index) {
            let element = scan.elements[child]
            let value = self.value(of: element)
            guard let key = element.attributes.key else {
                if itemList == nil { items.append(value) } else { itemElements.append(child) }
                itemsRange = itemsRange.map { ByteRange($0.start, element.range.end) } ?? element.range
                continue
            }
            let name = IB3Text.attribute(buffer, key)
            if name == "EncodedWithXMLCoder" { encodedAsCollection = true }
            fields.append(Field(key: name, value: value, range: element.range))
        }
        if !items.isEmpty || !itemElements.isEmpty || encodedAsCollection || isCollection(scan.elements[index]) {
            let range = itemsRange ?? scan.elements[index].content
            let list = itemList.map { $0(itemElements) } ?? FieldList(items)
            fields.append(Field(key: "NS.objects", value: .list(list), range: range))
        }
        return fields
    }

    /// The values of element `index`'s children without a key (a collection's elements).
    mutating func items(of index: Int) -> [FieldValue] {
        scan.children(of: index).filter { scan.elements[$0].attributes.key == nil }.map { value(of: scan.elements[$0]) }
    }

    /// Whether the element is an array or set by its name or class.
    func isCollection(_ element: IB3Element) -> Bool {
        switch element.kind {
        case .array, .set: return true
        case .object: return element.attributes.className.map { Self.collectionClasses.contains(IB3Text.attribute(buffer, $0)) } ?? false
        default: return false
        }
    }

    /// The value one child element stands for.
    mutating func value(of element: IB3Element) -> FieldValue {
        if element.objectID >= 0 { return .reference(.object(element.objectID)) }
        switch element.kind {
        case .reference: return resolve(element)
        case .null: return .reference(.null)
        case .int, .bool, .double, .float, .bytes, .characters:
            switch IB3Values.read(element, buffer) {
            case .value(let scalar): return .scalar(scalar)
            case .invalid(let text, let why):
                diagnostics.append(IB3Issue.invalidValue(name(element), text, why: why, element.range, element.position, object: owner))
                return .invalid("<\(name(element))> holds \(text): \(why)")
            }
        default:
            return .invalid("the element <\(name(element))> is not a value")
        }
    }

    /// The element a `<reference ref=…>` names, as a reference (no `ref`: nil).
    mutating func resolve(_ element: IB3Element) -> FieldValue {
        guard let range = element.attributes.ref else { return .reference(.null) }
        let ref = IB3Text.attribute(buffer, range)
        let shown = ValueFormatter.excerpt(ref)
        guard let target = scan.ids[ref] else {
            diagnostics.append(IB3Issue.dangling(shown, element.range, element.position, object: owner))
            return .reference(.dangling(raw: UInt64(ref) ?? 0, reason: "id \"\(shown)\" is carried by no element"))
        }
        let found = scan.elements[target]
        guard found.objectID >= 0 else {
            diagnostics.append(IB3Issue.notAnObject(shown, kind: name(found), element.range, element.position, object: owner))
            return .reference(.dangling(raw: UInt64(ref) ?? 0, reason: "id \"\(shown)\" is carried by a <\(name(found))> element, not an object"))
        }
        return .reference(.object(found.objectID))
    }

    /// The element index a child value leads to: itself when it is an object, its target when it is a reference.
    func elementIndex(of element: IB3Element, at index: Int) -> Int? {
        if element.objectID >= 0 { return index }
        guard element.kind == .reference, let range = element.attributes.ref else { return nil }
        return scan.ids[IB3Text.attribute(buffer, range)]
    }

    func name(_ element: IB3Element) -> String {
        ValueFormatter.excerpt(String(decoding: UnsafeRawBufferPointer(rebasing: buffer[element.name.start..<Swift.min(element.name.end, buffer.count)]), as: UTF8.self))
    }
}
