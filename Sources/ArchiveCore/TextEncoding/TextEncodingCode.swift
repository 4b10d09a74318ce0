/// The diagnostics about the Unicode encoding of a text property list (`text.encoding.*`), shared by
/// the XML and OpenStep decoders: problems found while transcoding a UTF-16 or UTF-32 file to the
/// UTF-8 text the decoders read. Explanations are in `TextEncodingCode+Explanations.swift`.
package enum TextEncodingCode: String, DiagnosticCatalog {
    case noByteOrderMark = "text.encoding.no-byte-order-mark"
    case partialUnit = "text.encoding.partial-unit"
    case unpairedSurrogate = "text.encoding.unpaired-surrogate"
    case invalidScalar = "text.encoding.invalid-scalar"

    /// A UTF-16 or UTF-32 file without a mark is read here but very likely misread by CF (a warning);
    /// bytes that are no text are errors, as CF's conversion fails on them.
    package var severity: Severity {
        switch self {
        case .noByteOrderMark: .warning
        case .partialUnit, .unpairedSurrogate, .invalidScalar: .error
        }
    }

    package var summary: String {
        switch self {
        case .noByteOrderMark: "UTF-16 or UTF-32 text without a byte-order mark, which CF is likely to misread"
        case .partialUnit: "the file ends inside a UTF-16 or UTF-32 code unit (an odd length, or not a multiple of 4)"
        case .unpairedSurrogate: "a UTF-16 surrogate without its other half"
        case .invalidScalar: "a UTF-32 value that is no Unicode scalar (a surrogate, or above U+10FFFF)"
        }
    }
}
