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
    case gnustepArchive
    case empty
    case unknown

    public var description: String {
        switch self {
        case .binaryPlist: "binary plist (bplist00)"
        case .binaryPlistVariant(let version): "binary plist variant bplist\(version)"
        case .xmlPlist: "XML plist"
        case .openStepPlist: "OpenStep/ASCII plist"
        case .typedstream(let big): "typedstream (\(big ? "big" : "little")-endian)"
        case .nibArchive: "NIBArchive"
        case .gnustepArchive: "GNUstep archive"
        case .empty: "empty file"
        case .unknown: "unknown"
        }
    }

    /// Whether this tool decodes the format.
    public var isDecodable: Bool {
        switch self {
        case .binaryPlist, .xmlPlist, .openStepPlist, .typedstream: true
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
            // CF accepts any `bplist0?` as the 0x format (FORMATS.md A.2).
            return bytes.byte(at: 6) == UInt8(ascii: "0") && bytes.count >= 8 ? .binaryPlist : .binaryPlistVariant(version: version)
        }
        if bytes.matches([0x04, 0x0B] + Array("streamtyped".utf8)) { return .typedstream(bigEndian: false) }
        if bytes.matches([0x04, 0x0B] + Array("typedstream".utf8)) { return .typedstream(bigEndian: true) }
        if bytes.matches(Array("NIBArchive".utf8)) { return .nibArchive }
        if bytes.matches(Array("GNUstep archive".utf8)) { return .gnustepArchive }
        return detectText(bytes)
    }

    /// XML or OpenStep, judged from the first non-blank, non-BOM characters.
    private static func detectText(_ bytes: InputBytes) -> ContainerFormat {
        var offset = bytes.matches([0xEF, 0xBB, 0xBF]) ? 3 : 0
        while let b = bytes.byte(at: offset), b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { offset += 1 }
        guard let first = bytes.byte(at: offset) else { return .unknown }
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

    /// OpenStep text: the first 512 bytes hold no NUL and few control bytes.
    private static func looksLikeText(_ bytes: InputBytes, from offset: Int) -> Bool {
        let end = Swift.min(bytes.count, offset + 512)
        var controls = 0
        for i in offset..<end {
            guard let b = bytes.byte(at: i) else { break }
            if b == 0 { return false }
            if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D { controls += 1 }
        }
        return controls * 20 < Swift.max(1, end - offset)
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
