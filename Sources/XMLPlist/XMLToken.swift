import ArchiveCore

/// One start, end or empty-element tag.
package struct XMLTag: Sendable {
    /// From `<` to after `>` (or to where scanning stopped, when `terminated` is false).
    package var range: ByteRange
    /// The element name.
    package var name: ByteRange
    /// `</name>`.
    package var isClose: Bool
    /// `<name/>`.
    package var isEmpty: Bool
    /// Whether the tag ended with `>`; false when it ran into `<` or the end of the input.
    package var terminated: Bool
    /// A close tag with something other than whitespace after its name (`</dict x>`).
    var hasJunk: Bool
}

/// A markup construct that is skipped (or, inside a text element, kept as content).
package enum XMLMarkupKind: Sendable {
    case comment, cdata, processingInstruction, doctype

    /// How messages name the construct.
    package var label: String {
        switch self {
        case .comment: "comment"
        case .cdata: "CDATA section"
        case .processingInstruction: "processing instruction"
        case .doctype: "DOCTYPE declaration"
        }
    }

    /// What closes the construct, for "not closed" messages.
    package var terminator: String {
        switch self {
        case .comment: "-->"
        case .cdata: "]]>"
        case .processingInstruction: "?>"
        case .doctype: ">"
        }
    }
}

/// A non-tag markup construct with its extent.
package struct XMLMarkup: Sendable {
    package var kind: XMLMarkupKind
    /// The whole construct, `<!--` … `-->` and so on.
    package var range: ByteRange
    /// The characters between the delimiters (CDATA payload, comment text, PI target and data).
    package var content: ByteRange
    /// Whether the closing delimiter was found before the end of the input.
    package var terminated: Bool
    /// For a DOCTYPE: the offset of an `<!ENTITY` declaration inside its internal subset.
    var entityDeclaration: Int?
}

/// What `XMLMarkupReader.next()` returns.
package enum XMLToken: Sendable {
    case tag(XMLTag)
    /// Character data up to the next `<` (it may contain entity references).
    case text(ByteRange)
    case markup(XMLMarkup)
    /// A `<` that starts no tag or known construct (`< `, `<3`, `<!x`); the range covers what was skipped.
    case invalid(ByteRange)
    case end
}
