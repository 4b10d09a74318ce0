import ArchiveCore

extension XMLPlistIssue {
    /// The lowercase, specific message of the `--check` line.
    var message: String {
        switch self {
        case .emptyInput:
            "the input is empty: no property-list object"
        case .encodingMismatch(let name, let actual, let by):
            "the XML declaration names encoding \"\(name)\" but the file is \(actual) (by \(by)); CF goes by the bytes and ignores the name, strict XML parsers reject the file"
        case .unsupportedEncoding(let name):
            "the XML declaration names encoding \"\(name)\"; the bytes are decoded as UTF-8"
        case .declarationSwallows(let end):
            "the XML declaration holds markup: it does not end before the next tag, so everything up to its ?> at \(end) is read as part of it and skipped (as CF skips it)"
        case .declarationMalformed(let found):
            "the XML declaration should read version=\"1.0\" (then encoding=… and standalone=…, if any) but reads \(found); CF skips it unchecked"
        case .declarationMisplaced:
            "an XML declaration is only allowed at the very start of the file; CF skips this one as a processing instruction"
        case .doctypeEntityDeclaration:
            "the DOCTYPE declares entities; CF ignores the declarations and Python's plistlib rejects the file"
        case .markupInvalid(let text):
            "\(text) does not start a tag, comment, CDATA section or processing instruction"
        case .markupMisplaced(let kind, let context):
            "\(English.article(kind.label)) is not allowed \(context)"
        case .markupUnterminated(let kind, let at):
            "the \(kind.label) opened at \(at) is not closed (no \"\(kind.terminator)\" before the end of the file)"
        case .tagUnterminated(let name, let close):
            "the tag <\(close ? "/" : "")\(name) has no closing \">\""
        case .tagMalformed(let name):
            "the closing tag </\(name)> has extra text after the element name"
        case .tagMismatched(let close, let open, let openedAt, let outcome):
            "closing tag </\(close)> does not match <\(open)> opened at \(openedAt)\(outcome)"
        case .tagUnmatched(let close):
            "closing tag </\(close)> has no open element to close; ignored"
        case .tagUnclosed(let open, let openedAt, let before):
            "<\(open)> opened at \(openedAt) is not closed before \(before)"
        case .eofUnclosed(let open, let openedAt, let depth):
            "the file ends inside <\(open)> opened at \(openedAt)"
                + (depth > 1 ? " (\(depth) elements are still open)" : "")
        case .depthExceeded(let limit):
            "elements are nested more than \(limit) deep; deeper elements are skipped"
        case .elementUnknown(let name, let context):
            "unknown element <\(name)> \(context)"
        case .elementMisplaced(let name, let context, let empty):
            "<\(name)> is not allowed \(context)" + (empty ? "; CF rejects an empty <\(name)/>" : "; CF reads it as a wrapper around its object")
        case .keyOutsideDict(let context, let synthesizes):
            "<key> \(context) is not inside a <dict>"
                + (synthesizes ? "; read as the first key of a <dict> whose opening tag is missing" : "; ignored")
        case .textUnexpected(let excerpt, let context):
            "unexpected text \(excerpt) \(context); only whitespace may appear between elements"
        case .rootExtraObject(let element, let rootAt):
            "a plist holds one object and the root was already read at \(rootAt); this <\(element)> is not part of the tree"
        case .rootMissing(let reason):
            reason
        case .plistMissing(let element):
            "the root <\(element)> is not inside a <plist> element"
        case .trailingContent(let count, let rootEnd):
            English.count(count, "byte") + " after the root element" + (rootEnd.map { " (which ends at \($0))" } ?? "")
                + (count == 1 ? " is not read; CF ignores it" : " are not read; CF ignores them")
        case .suppressed(let code, let count):
            English.count(count, "more \(code.rawValue) diagnostic") + (count == 1 ? " was" : " were") + " not recorded"
        default:
            valueMessage
        }
    }

    /// Messages of problems found in one node.
    private var valueMessage: String {
        switch self {
        case .keyWithoutValue(let key, let at):
            "key \(quoted(key)) at \(at) has no value"
        case .valueWithoutKey(let element, let at):
            "<\(element)> at \(at) has no <key> before it; it is not part of the dictionary"
        case .duplicateKey(let key, let first):
            "key \(quoted(key)) appears more than once" + (first.map { " (first at \($0))" } ?? "") + "; CF keeps the last value"
        case .uidWide(let value):
            "the CF$UID value \(value) does not fit in 32 bits; CF keeps only the low 32 bits (\(UInt32(truncatingIfNeeded: value)))"
        case .uidNegative(let value, let read):
            "the CF$UID value \(value) is negative; CF reads it as \(read)"
        case .controlCharacters(let element, let count, let characters, let offset):
            "<\(element)> contains " + English.count(count, "raw control character")
                + " (\(characters.map { "U+00" + byteHex($0).uppercased() }.joined(separator: ", "))), the first at offset \(offset); "
                + "CF writes and reads them as they are, but XML 1.0 forbids them, so Python's plistlib and strict XML parsers reject the file"
        case .invalidUTF8(let element, let count, let first, let offset):
            "<\(element)> has " + English.count(count, "invalid UTF-8 sequence") + " (first byte 0x\(byteHex(first)) at offset \(offset)), "
                + "shown as U+FFFD; CF cannot convert the string"
        case .entityUnknown(let reference, let more):
            "unknown entity reference \(reference)\(andMore(more)); CF knows only &lt; &gt; &amp; &apos; &quot; and &#…; (kept as written)"
        case .entityUnterminated(let text, let more):
            "\"&\" is not followed by an entity name and \";\" (\(text))\(andMore(more)); kept as written"
        case .entityInvalidCodePoint(let reference, let more):
            "character reference \(reference)\(andMore(more)) is not a Unicode scalar value; kept as written"
        case .contentMarkup(let element, let what):
            "<\(element)> contains \(what), which CF does not accept there"
        case .emptyElement(let element):
            "<\(element)/> is empty; CF rejects an empty <\(element)>"
        case .boolNotEmpty(let element, let excerpt):
            "<\(element)> must be empty but contains \(excerpt)"
        case .integerEmpty:
            "<integer> has no digits"
        case .integerInvalid(let text, let detail):
            "<integer> \(text) \(detail)"
        case .integerOverflow(let text, let negative):
            "<integer> \(text) does not fit in " + (negative ? "a signed 64-bit integer" : "an unsigned 64-bit integer")
        case .realInvalid(let text, let detail):
            "<real> \(text) \(detail)"
        case .dateInvalid(let text, let detail):
            "<date> \(text) \(detail)"
        case .dateTruncated(let text, let fields):
            "<date> \(text) has only \(fields) of the 6 fields of YYYY-MM-DDTHH:MM:SSZ; Python accepts it, CF rejects it"
        case .dateOutOfRange(let text, let fields):
            "<date> \(text) has \(fields.joined(separator: ", ")) out of range; the extra carries over"
        case .dataInvalidCharacter(let byte, let offset, let count):
            "<data> has " + English.count(count, "non-ASCII byte") + " (first 0x\(byteHex(byte))\(at(offset))); "
                + "CF rejects the data, the rest is decoded without \(them(count))"
        case .dataIgnoredCharacter(let byte, let offset, let count):
            "<data> has " + English.count(count, "character") + " outside the base64 alphabet "
                + "(first \(describe(byte))\(at(offset))); CF skips \(them(count))"
        case .dataLeftoverDigits(let count):
            "<data> ends with " + English.count(count, "base64 digit") + " after the last complete group of 4; CF drops \(them(count))"
        default:
            code.rawValue
        }
    }

    private func them(_ count: Int) -> String { count == 1 ? "it" : "them" }

    private func at(_ offset: Int?) -> String { offset.map { " at offset \($0)" } ?? "" }

    private func andMore(_ more: Int) -> String { more > 0 ? " (and \(more) more in this element)" : "" }

    private func quoted(_ s: String) -> String { XMLPlistIssue.excerpt(Array(s.utf8)) }

    private func describe(_ b: UInt8) -> String {
        b >= 0x21 && b < 0x7F ? "\"\(Character(Unicode.Scalar(b)))\"" : "0x\(byteHex(b))"
    }

    /// `"text"` decoded as UTF-8 with control characters escaped (`\x01`), cut to `limit` characters
    /// with `…`.
    static func excerpt<C: Collection>(_ bytes: C, limit: Int = 40) -> String where C.Element == UInt8 {
        var out = "\""
        let text = String(decoding: bytes.prefix(limit * 4), as: UTF8.self)
        var shown = 0
        for scalar in text.unicodeScalars {
            if shown == limit { break }
            shown += 1
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0..<0x20, 0x7F: out += "\\x" + byteHex(UInt8(scalar.value))
            default: out.unicodeScalars.append(scalar)
            }
        }
        let cut = shown < text.unicodeScalars.count || bytes.count > limit * 4
        return out + (cut ? "…\"" : "\"")
    }
}
