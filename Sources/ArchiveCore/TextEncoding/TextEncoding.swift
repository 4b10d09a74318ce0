/// The Unicode encoding of a text property list (XML, OpenStep or `.strings`), decided from its first
/// bytes as CF's `encodingForXMLData` does: a byte-order mark first (UTF-32 before UTF-16, so
/// `FF FE 00 00` is UTF-32LE), then the pattern of zero bytes around the first characters (`00 3C`
/// is UTF-16BE `<`, `3C 00 00 00` UTF-32LE `<`). Anything else is UTF-8.
public struct TextEncoding: Hashable, Sendable, CustomStringConvertible {
    /// The encoding form and byte order.
    public enum Form: String, Hashable, Sendable, CaseIterable {
        case utf8 = "UTF-8"
        case utf16LE = "UTF-16LE"
        case utf16BE = "UTF-16BE"
        case utf32LE = "UTF-32LE"
        case utf32BE = "UTF-32BE"

        /// Bytes per code unit: 1, 2 or 4.
        public var unitWidth: Int {
            switch self {
            case .utf8: 1
            case .utf16LE, .utf16BE: 2
            case .utf32LE, .utf32BE: 4
            }
        }

        var isLittleEndian: Bool { self == .utf16LE || self == .utf32LE }

        /// The byte-order mark of this form.
        var byteOrderMark: [UInt8] {
            switch self {
            case .utf8: [0xEF, 0xBB, 0xBF]
            case .utf16LE: [0xFF, 0xFE]
            case .utf16BE: [0xFE, 0xFF]
            case .utf32LE: [0xFF, 0xFE, 0x00, 0x00]
            case .utf32BE: [0x00, 0x00, 0xFE, 0xFF]
            }
        }
    }

    /// The Unicode encoding form.
    public let form: Form
    /// Whether the file starts with a byte-order mark (which is not part of the text).
    public let hasByteOrderMark: Bool

    package init(_ form: Form, byteOrderMark: Bool) {
        self.form = form
        hasByteOrderMark = byteOrderMark
    }

    /// UTF-8 without a byte-order mark: what CF writes, and what every text plist is unless its first
    /// bytes say otherwise.
    package static let plainUTF8 = TextEncoding(.utf8, byteOrderMark: false)

    /// Bytes of the byte-order mark at the start of the file (0 without one).
    package var byteOrderMarkLength: Int { hasByteOrderMark ? form.byteOrderMark.count : 0 }

    /// Whether the decoders must transcode the file (UTF-16 or UTF-32) rather than read it as it is.
    package var needsTranscoding: Bool { form != .utf8 }

    /// Whether a header should name the encoding: anything but plain UTF-8.
    package var isNotable: Bool { self != .plainUTF8 }

    /// `UTF-16LE`, `UTF-16BE without byte-order mark`, `UTF-8 with byte-order mark`.
    public var description: String {
        switch (form, hasByteOrderMark) {
        case (.utf8, true): "UTF-8 with byte-order mark"
        case (.utf8, false): "UTF-8"
        case (_, true): form.rawValue
        case (_, false): form.rawValue + " without byte-order mark"
        }
    }

    /// A stable lowercase name for JSON: `utf-8`, `utf-16le`, … (the mark is given separately).
    package var jsonName: String { form.rawValue.lowercased() }

    /// The encoding of a text input, from its first bytes.
    package static func detect(_ input: InputBytes) -> TextEncoding {
        detect(first: input.bytes(in: ByteRange(0, 4)), count: input.count)
    }

    /// `detect` from the first (up to) four bytes and the input's length.
    static func detect(first head: [UInt8], count: Int) -> TextEncoding {
        func at(_ i: Int) -> UInt8? { i < head.count ? head[i] : nil }
        // CF looks for a UTF-32 mark only in inputs longer than 4 bytes.
        if count > 4, head.starts(with: Form.utf32BE.byteOrderMark) { return TextEncoding(.utf32BE, byteOrderMark: true) }
        if count > 4, head.starts(with: Form.utf32LE.byteOrderMark) { return TextEncoding(.utf32LE, byteOrderMark: true) }
        if head.starts(with: Form.utf8.byteOrderMark) { return TextEncoding(.utf8, byteOrderMark: true) }
        if head.starts(with: Form.utf16LE.byteOrderMark) { return TextEncoding(.utf16LE, byteOrderMark: true) }
        if head.starts(with: Form.utf16BE.byteOrderMark) { return TextEncoding(.utf16BE, byteOrderMark: true) }
        guard let b0 = at(0), let b1 = at(1) else { return .plainUTF8 }
        if let b2 = at(2), let b3 = at(3) {
            if b0 == 0, b1 == 0, b2 == 0, b3 != 0 { return TextEncoding(.utf32BE, byteOrderMark: false) }
            if b0 != 0, b1 == 0, b2 == 0, b3 == 0 { return TextEncoding(.utf32LE, byteOrderMark: false) }
        }
        if b0 == 0, b1 != 0 { return TextEncoding(.utf16BE, byteOrderMark: false) }
        if b0 != 0, b1 == 0 { return TextEncoding(.utf16LE, byteOrderMark: false) }
        return .plainUTF8
    }
}
