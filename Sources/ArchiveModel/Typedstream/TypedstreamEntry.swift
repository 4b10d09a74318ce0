/// One entry of the typedstream object table (FORMATS.md D.4): a C string, a class record or an
/// object, numbered in stream order.
struct TypedstreamEntry: Sendable {
    enum Kind: Sendable, Equatable {
        case cString
        case classRecord
        case object

        /// How the kind is named in messages.
        var noun: String {
            switch self {
            case .cString: "C string"
            case .classRecord: "class"
            case .object: "object"
            }
        }

        /// The noun with its indefinite article.
        var withArticle: String { English.article(noun) }
    }

    var kind: Kind
    /// From the `84` to the end of the entry (for objects: through the `86`).
    var range: ByteRange
    /// Class records: the class name (nil when it could not be read).
    var name: String?
    /// Class records: the class version.
    var version: Int?
    /// Class records: the superclass (`.null` for a root class); nil until read.
    var superclass: Reference?
    /// Class records: bytes of the superclass (its record, or the `85` / reference ending the chain).
    var superclassRange: ByteRange?
    /// Class records: number of classes from this one to the root.
    var chainDepth = 1
    /// Objects: their class record.
    var classID: ObjectID?
    /// C strings: the text (or bytes, when not UTF-8).
    var value: ScalarValue?
    /// Objects: the typed values read inside them, in order.
    var fields: [Field] = []
    var diagnostics: [Diagnostic] = []
    /// Objects: between the `84` and the `86` while decoding.
    var inProgress = false

    init(kind: Kind, range: ByteRange) {
        self.kind = kind
        self.range = range
    }
}
