import ArchiveCore

/// Entries of the typedstream object table (FORMATS.md D.4): C strings, class records and objects,
/// numbered in stream order. The table itself is `TypedstreamTable`.
enum TypedstreamEntry {
    enum Kind: UInt8, Sendable, Equatable {
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
}
