/// The container format of an input, decided from its content (never from its name).
public enum ContainerFormat: Hashable, Sendable, CustomStringConvertible {
    case binaryPlist
    /// A `bplist` header with a version this tool does not decode (`bplist15`, `bplist16`, `bplist17`…).
    case binaryPlistVariant(version: String)
    case xmlPlist
    case openStepPlist
    /// NSArchiver typedstream; `bigEndian` is true for the `typedstream` signature.
    case typedstream(bigEndian: Bool)
    case nibArchive
    /// An Interface Builder 3 XML archive (an old `.xib`, a `designable.nib`): `IB3XML/`.
    case ib3Archive
    /// An Interface Builder source document of Xcode 5 and later (`.xib`, `.storyboard`): recognised, not decoded.
    case interfaceBuilderDocument
    case gnustepArchive
    /// CFURL bookmark data (`book`), or with `alias` a classic Alias Manager record (`BookmarkGraph`).
    case bookmark(alias: Bool)
    /// An Apple format recognised by its signature and not decoded (`AppleFormat`: the table).
    case apple(AppleFormat)
    case empty
    case unknown

    public var description: String {
        switch self {
        case .binaryPlist: "binary plist (bplist00)"
        case .binaryPlistVariant(let version): "binary plist variant bplist\(DisplayText.escape(version))"
        case .xmlPlist: "XML plist"
        case .openStepPlist: "OpenStep/ASCII plist"
        case .typedstream(let big): "typedstream (\(big ? "big" : "little")-endian)"
        case .nibArchive: "NIBArchive"
        case .ib3Archive: "Interface Builder 3 XML archive"
        case .interfaceBuilderDocument: "Interface Builder document (Xcode 5 and later)"
        case .gnustepArchive: "GNUstep archive"
        case .bookmark(let alias): alias ? "Alias Manager record" : "bookmark data"
        case .apple(let format): format.description
        case .empty: "empty file"
        case .unknown: "unknown"
        }
    }

    /// A short name for markers and messages: `bplist00`, `XML plist`, `typedstream`.
    public var shortName: String {
        switch self {
        case .binaryPlist: "bplist00"
        case .xmlPlist: "XML plist"
        case .openStepPlist: "OpenStep plist"
        case .typedstream: "typedstream"
        default: description
        }
    }

    /// Whether the format is a binary archive format this tool decodes (a text-mode transfer damages it).
    public var isBinaryArchive: Bool {
        switch self {
        case .binaryPlist, .typedstream, .nibArchive: true
        default: false
        }
    }

    /// Whether the input is bookmark data or an alias record (a record, not an archive).
    public var isBookmark: Bool {
        if case .bookmark = self { return true }
        return false
    }

    /// Whether the format is one Apple writes beside archives that this tool recognises without
    /// decoding (`AppleFormat` lists them): named in a note, never damage.
    public var isRecognised: Bool {
        switch self {
        case .apple, .gnustepArchive, .interfaceBuilderDocument: true
        case .binaryPlistVariant(let version): ["15", "16", "17"].contains(version)
        default: false
        }
    }

    /// Whether this tool decodes the format.
    public var isDecodable: Bool {
        switch self {
        case .binaryPlist, .xmlPlist, .openStepPlist, .typedstream, .nibArchive, .ib3Archive, .bookmark: true
        default: false
        }
    }
}

/// Decides the container format from the first bytes of an input.
public enum FormatDetector {
    /// The format of `bytes`.
    public static func detect(_ bytes: InputBytes) -> ContainerFormat {
        if bytes.count == 0 { return .empty }
        if bytes.matches(Array("bplist".utf8)) {
            let version = String(decoding: bytes.bytes(in: ByteRange(6, 8)), as: UTF8.self)
            // CF accepts any `bplist0?` as the 0x format (FORMATS.md A.2); a file cut inside the header
            // goes to the bplist decoder too, which says it is too short.
            return bytes.count < 8 || bytes.byte(at: 6) == UInt8(ascii: "0") ? .binaryPlist : .binaryPlistVariant(version: version)
        }
        if bytes.count < 6, Array("bplist".utf8).starts(with: bytes.bytes(in: ByteRange(0, bytes.count))) { return .binaryPlist }
        let typedstreamHeader = [UInt8]([0x04, 0x0B])
        if bytes.count < 13, bytes.count >= 2, bytes.matches(typedstreamHeader) { return .typedstream(bigEndian: bytes.byte(at: 2) == UInt8(ascii: "t")) }
        if bytes.matches([0x04, 0x0B] + Array("streamtyped".utf8)) { return .typedstream(bigEndian: false) }
        if bytes.matches([0x04, 0x0B] + Array("typedstream".utf8)) { return .typedstream(bigEndian: true) }
        if bytes.matches(Array("NIBArchive".utf8)) { return .nibArchive }
        if bytes.matches(Array("GNUstep archive".utf8)) { return .gnustepArchive }
        if isBookmark(bytes) { return .bookmark(alias: false) }
        if let apple = AppleFormat.identify(bytes) { return .apple(apple) }
        let text = detectText(bytes)
        // A bplist whose first bytes were overwritten is still known by its trailer.
        if text == .unknown, BinaryPlistTrailer.fitsExactly(bytes) { return .binaryPlist }
        if text == .unknown, AliasRecord.matches(bytes) { return .bookmark(alias: true) }
        return text
    }

    /// Bookmark data: `book` (or a bookmark-layout `alis`) with a header that fits, or followed by a
    /// byte no text has (NUL, a control byte, or a byte past ASCII) in the rest of its header fields: a
    /// bookmark cut inside its header, or with a damaged one (its decoder says what is wrong). The
    /// header's version word always holds NUL bytes. Text that starts with the word "book" stays text.
    static func isBookmark(_ bytes: InputBytes) -> Bool {
        guard bytes.matches(Array("book".utf8)) || bytes.matches(Array("alis".utf8)) else { return false }
        if BookmarkData.matches(bytes) { return true }
        return bytes.bytes(in: ByteRange(4, 16)).contains { $0 < 0x09 || ($0 > 0x0D && $0 < 0x20) || $0 >= 0x7F }
    }

    /// Most characters of a UTF-16 or UTF-32 input transcoded to judge its format.
    static let transcodedHeadLimit = 1024

    /// XML or OpenStep, judged from the first non-blank, non-BOM characters. A UTF-16 or UTF-32 input
    /// (by its byte-order mark or the zero bytes of its first characters, as CF detects it) is judged
    /// by its first characters transcoded.
    private static func detectText(_ bytes: InputBytes) -> ContainerFormat {
        let encoding = TextEncoding.detect(bytes)
        guard encoding.needsTranscoding else { return detectUTF8Text(bytes) }
        let width = encoding.form.unitWidth
        let head = bytes.bytes(in: ByteRange(start: 0, count: encoding.byteOrderMarkLength + transcodedHeadLimit * width))
        let text = TextTranscoder.transcode(InputBytes(head), encoding).text
        return text.count == 0 ? .unknown : detectUTF8Text(text)
    }

    private static func detectUTF8Text(_ bytes: InputBytes) -> ContainerFormat {
        var offset = bytes.matches([0xEF, 0xBB, 0xBF]) ? 3 : 0
        while let b = bytes.byte(at: offset), b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { offset += 1 }
        // Only whitespace (after a BOM, if any): CF reads it as an empty dictionary, and the OpenStep
        // decoder says so (`openstep.root.whitespace-only`).
        guard let first = bytes.byte(at: offset) else { return offset > 0 ? .openStepPlist : .unknown }
        if let interfaceBuilder = IB3XMLProbe.format(bytes, from: offset) { return interfaceBuilder }
        if looksLikeHeadlessXML(bytes, from: offset) { return .xmlPlist }
        if first == UInt8(ascii: "<") {
            if bytes.matches(Array("<?xml".utf8), at: offset) || bytes.matches(Array("<!DOCTYPE".utf8), at: offset)
                || bytes.matches(Array("<plist".utf8), at: offset) || bytes.matches(Array("<!--".utf8), at: offset) {
                return .xmlPlist
            }
            // `<` + hex digits is an OpenStep data value.
            return looksLikeText(bytes, from: offset) ? .openStepPlist : .unknown
        }
        if "{(\"'/".utf8.contains(first) || isUnquotedStringByte(first) {
            return looksLikeText(bytes, from: offset) ? .openStepPlist : .unknown
        }
        return .unknown
    }

    /// XML whose first bytes are lost (a cut-off declaration or a fragment): text that opens a
    /// `<plist`, `<dict>` or `<array>` element within its first 1024 bytes, before any `{` or `(`.
    private static func looksLikeHeadlessXML(_ bytes: InputBytes, from offset: Int) -> Bool {
        guard bytes.byte(at: offset) != UInt8(ascii: "{"), bytes.byte(at: offset) != UInt8(ascii: "("),
              looksLikeText(bytes, from: offset) else { return false }
        let head = bytes.bytes(in: ByteRange(offset, offset + 1024))
        for marker in ["<plist", "<dict>", "<array>", "<?xml"] {
            let m = Array(marker.utf8)
            if head.count >= m.count, (0...(head.count - m.count)).contains(where: { head[$0..<($0 + m.count)].elementsEqual(m) }) { return true }
        }
        return false
    }

    /// OpenStep text: the first 512 bytes hold no NUL and few control bytes; or the text before the
    /// first NUL is clear and the rest of the input is all NUL (`hasZeroFilledTail`).
    private static func looksLikeText(_ bytes: InputBytes, from offset: Int) -> Bool {
        let end = Swift.min(bytes.count, offset + 512)
        var controls = 0
        for i in offset..<end {
            guard let b = bytes.byte(at: i) else { break }
            if b == 0 { return controls * 20 < Swift.max(1, i - offset) && hasZeroFilledTail(bytes, from: i) }
            if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D { controls += 1 }
        }
        return controls * 20 < Swift.max(1, end - offset)
    }

    /// Whether every byte from `start` to the end is NUL: a text file whose tail was zero-filled (a wiped
    /// or never-written end, as a crash or an imaging tool leaves). Its head decides the format however
    /// large the share of zeros, and its decoder names the damage (`damage.zero-filled`). Binary formats
    /// that begin with text (`SQLite format 3`, then NUL) have non-zero bytes after it.
    static func hasZeroFilledTail(_ bytes: InputBytes, from start: Int) -> Bool {
        let chunk = 1 << 16
        var at = start
        while at < bytes.count {
            let next = Swift.min(bytes.count, at + chunk)
            if bytes.bytes(in: ByteRange(at, next)).contains(where: { $0 != 0 }) { return false }
            at = next
        }
        return true
    }

    static func isUnquotedStringByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || "_$/:.-".utf8.contains(b)
    }

    /// A short, escaped description of the first bytes, for "not an archive this tool reads" messages.
    public static func describePrefix(_ bytes: InputBytes, count: Int = 16) -> String {
        let head = bytes.bytes(in: ByteRange(0, count))
        let hex = head.map { byteHex($0) }.joined(separator: " ")
        let text = head.map { $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "." }.joined()
        return "\(hex)  |\(text)|"
    }
}

/// Two lowercase hex digits.
@inline(__always)
func byteHex(_ b: UInt8) -> String {
    let digits = Array("0123456789abcdef".utf8)
    return String(decoding: [digits[Int(b >> 4)], digits[Int(b & 0xF)]], as: UTF8.self)
}
