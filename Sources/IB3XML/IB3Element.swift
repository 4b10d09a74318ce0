import ArchiveCore

/// The element kinds of an Interface Builder 3 XML archive (IB's XML coder, `IBDocument` 7.x/8.x;
/// FORMATS.md has no section yet: GNUstep gui's `GSXibKeyedUnarchiver` reads the same elements).
enum IB3ElementKind: UInt8, Sendable {
    /// `<archive type="com.apple.InterfaceBuilder3…" version="7.10">`, the root.
    case archive
    /// `<data>`: the archive's top-level keyed values.
    case data
    /// `<object class=… key=… id=…>`: an encoded object whose children are its keyed values.
    case object
    /// `<array>`, `<set>`, `<dictionary>`: collections written with their elements as children.
    case array, set, dictionary
    /// `<reference key=… ref=…/>`: a reference to the element with that `id` (no `ref`: nil).
    case reference
    /// `<nil key=…/>`.
    case null
    /// Objects written as text: `<string>` (NSString, `type="base64-UTF8"` for text XML cannot hold),
    /// `<integer value=…>`, `<boolean value=…>`, `<real value=…>` (NSNumber).
    case string, integer, boolean, real
    /// Values encoded inline (`encodeInt:`, `encodeBool:`, `encodeDouble:`, `encodeFloat:`,
    /// `encodeBytes:`) and the characters of a string object (`<characters key="NS.bytes">`).
    case int, bool, double, float, bytes, characters
    /// Any other element name.
    case unknown

    /// The kind an element name stands for.
    static func named(_ name: UnsafeRawBufferPointer) -> IB3ElementKind {
        switch String(decoding: name, as: UTF8.self) {
        case "archive": .archive
        case "data": .data
        case "object": .object
        case "array": .array
        case "set": .set
        case "dictionary": .dictionary
        case "reference": .reference
        case "nil": .null
        case "string": .string
        case "integer": .integer
        case "boolean": .boolean
        case "real": .real
        case "int": .int
        case "bool": .bool
        case "double": .double
        case "float": .float
        case "bytes": .bytes
        case "characters": .characters
        default: .unknown
        }
    }

    /// Whether the element is an object of the graph: an encoded object or collection, or a string or
    /// number object (as a keyed archive stores NSString and NSNumber in `$objects`).
    var makesObject: Bool {
        switch self {
        case .object, .array, .set, .dictionary, .string, .integer, .boolean, .real: true
        default: false
        }
    }

    /// Whether the element holds text rather than child elements.
    var holdsText: Bool {
        switch self {
        case .string, .int, .bool, .double, .float, .bytes, .characters, .integer, .boolean, .real: true
        default: false
        }
    }

    /// Whether child elements are its values (objects, collections, the archive and its data).
    var holdsElements: Bool {
        switch self {
        case .archive, .data, .object, .array, .set, .dictionary: true
        default: false
        }
    }
}

/// The attributes the XML coder writes, each as the bytes of its value (between the quotes).
/// Stored as six plain ranges and one byte saying which are present: six optional ranges would
/// each be padded to 24 bytes, and the element table holds one of these per element.
struct IB3Attributes: Sendable {
    private var keyRange = ByteRange(0, 0), classRange = ByteRange(0, 0), idRange = ByteRange(0, 0)
    private var refRange = ByteRange(0, 0), typeRange = ByteRange(0, 0), valueRange = ByteRange(0, 0)
    private var present: UInt8 = 0

    var key: ByteRange? {
        get { present & 1 != 0 ? keyRange : nil }
        set { if let newValue { keyRange = newValue; present |= 1 } else { present &= ~1 } }
    }
    var className: ByteRange? {
        get { present & 2 != 0 ? classRange : nil }
        set { if let newValue { classRange = newValue; present |= 2 } else { present &= ~2 } }
    }
    var id: ByteRange? {
        get { present & 4 != 0 ? idRange : nil }
        set { if let newValue { idRange = newValue; present |= 4 } else { present &= ~4 } }
    }
    var ref: ByteRange? {
        get { present & 8 != 0 ? refRange : nil }
        set { if let newValue { refRange = newValue; present |= 8 } else { present &= ~8 } }
    }
    var type: ByteRange? {
        get { present & 16 != 0 ? typeRange : nil }
        set { if let newValue { typeRange = newValue; present |= 16 } else { present &= ~16 } }
    }
    var value: ByteRange? {
        get { present & 32 != 0 ? valueRange : nil }
        set { if let newValue { valueRange = newValue; present |= 32 } else { present &= ~32 } }
    }
}

/// One element of the scan, in document order, linked to its parent and children by index. About
/// 216 bytes: the table holds one per element, so what is only needed while an element is open
/// (its last child) is kept on the scanner's stack instead.
struct IB3Element: Sendable {
    var kind: IB3ElementKind
    /// Whether the end tag (or `/>`) was found.
    var closed = false
    /// The element name as written.
    var name: ByteRange
    var attributes: IB3Attributes
    /// From the `<` of the start tag to after the end tag (to where the input or the scan stopped
    /// when the element was not closed).
    var range: ByteRange
    /// Between the start tag and the end tag.
    var content: ByteRange
    /// Line:column of the start tag's `<`.
    var position: TextPosition
    /// Index of the parent element, -1 for the root.
    var parent: Int
    /// First child and next sibling, -1 when there is none.
    var firstChild = -1
    var nextSibling = -1
    /// The graph object this element is (`IB3ElementKind.makesObject`), else -1.
    var objectID = -1
    /// Nesting depth (the root is 0).
    var depth = 0

    init(kind: IB3ElementKind, name: ByteRange, attributes: IB3Attributes, range: ByteRange, content: ByteRange,
         position: TextPosition, parent: Int, depth: Int) {
        self.kind = kind
        self.name = name
        self.attributes = attributes
        self.range = range
        self.content = content
        self.position = position
        self.parent = parent
        self.depth = depth
    }
}
