import Testing
@testable import ArchiveModel
@testable import ArchiveDocuments

/// Builds text plists in every encoding CF reads, and converts UTF-8 offsets of the same text into
/// offsets of the encoded file, so a test can say where a diagnostic must be in each encoding.
enum EncodedText {
    /// Every encoding a test covers: UTF-8 with a mark, UTF-16 and UTF-32 in both byte orders with and
    /// without a mark.
    static let all: [TextEncoding] = [TextEncoding(.utf8, byteOrderMark: true)]
        + [TextEncoding.Form.utf16LE, .utf16BE, .utf32LE, .utf32BE].flatMap { [TextEncoding($0, byteOrderMark: true), TextEncoding($0, byteOrderMark: false)] }

    /// `text` in `encoding`, with its byte-order mark when the encoding has one.
    static func bytes(_ text: String, _ encoding: TextEncoding) -> [UInt8] {
        (encoding.hasByteOrderMark ? mark(encoding.form) : []) + body(text, encoding.form)
    }

    static func mark(_ form: TextEncoding.Form) -> [UInt8] {
        switch form {
        case .utf8: [0xEF, 0xBB, 0xBF]
        case .utf16LE: [0xFF, 0xFE]
        case .utf16BE: [0xFE, 0xFF]
        case .utf32LE: [0xFF, 0xFE, 0, 0]
        case .utf32BE: [0, 0, 0xFE, 0xFF]
        }
    }

    static func body(_ text: String, _ form: TextEncoding.Form) -> [UInt8] {
        switch form {
        case .utf8: Array(text.utf8)
        case .utf16LE: text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case .utf16BE: text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case .utf32LE: text.unicodeScalars.flatMap { s in (0..<4).map { UInt8(truncatingIfNeeded: s.value >> (8 * $0)) } }
        case .utf32BE: text.unicodeScalars.flatMap { s in (0..<4).reversed().map { UInt8(truncatingIfNeeded: s.value >> (8 * $0)) } }
        }
    }

    /// The file offset, in `text` encoded as `encoding`, of UTF-8 offset `utf8Offset` of `text`
    /// (which must fall on a character boundary).
    static func fileOffset(_ utf8Offset: Int, in text: String, _ encoding: TextEncoding) -> Int {
        let prefix = String(decoding: Array(text.utf8).prefix(utf8Offset), as: UTF8.self)
        return (encoding.hasByteOrderMark ? mark(encoding.form).count : 0) + body(prefix, encoding.form).count
    }

    /// Every diagnostic of the tree, reduced to what must agree across encodings: id, range, position.
    static func located(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.id) \($0.range.map(\.description) ?? "-") \($0.position.map(\.description) ?? "-")" }
    }
}
