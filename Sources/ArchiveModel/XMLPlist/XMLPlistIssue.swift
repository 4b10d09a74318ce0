/// Every problem the XML plist decoder reports: its stable id, severity and message.
///
/// Severity follows CF's reader (swift-corelibs-foundation `CFPropertyList.c`): `.error` where
/// `CFPropertyListCreateWithData` fails on the file, `.warning` where CF reads it but the file is
/// irregular (or other readers reject it), `.note` for information.
enum XMLPlistIssue: Sendable {
    // Input and prolog.
    case emptyInput
    case utf16(encoding: String)
    case unsupportedEncoding(name: String)
    case declarationMisplaced
    case declarationSwallows(end: TextPosition)
    case declarationMalformed(found: String)
    case doctypeEntityDeclaration
    // Markup.
    case markupInvalid(text: String)
    case markupMisplaced(kind: XMLMarkupKind, context: String)
    case markupUnterminated(kind: XMLMarkupKind, at: TextPosition)
    case tagUnterminated(name: String, close: Bool)
    case tagMalformed(name: String)
    case tagMismatched(close: String, open: String, openedAt: TextPosition, outcome: String)
    case tagUnmatched(close: String)
    case tagUnclosed(open: String, openedAt: TextPosition, before: String)
    case eofUnclosed(open: String, openedAt: TextPosition, depth: Int)
    case depthExceeded(limit: Int)
    // Structure.
    case elementUnknown(name: String, context: String)
    case elementMisplaced(name: String, context: String)
    case keyOutsideDict(context: String, synthesizesDict: Bool)
    case textUnexpected(excerpt: String, context: String)
    case rootExtraObject(element: String, rootAt: TextPosition)
    case rootMissing(reason: String)
    case plistMissing(element: String)
    case trailingContent(byteCount: Int, rootEnd: TextPosition?)
    case suppressed(id: String, count: Int)
    // Dictionaries and UIDs (on the dict node).
    case keyWithoutValue(key: String, at: TextPosition)
    case valueWithoutKey(element: String, at: TextPosition)
    case duplicateKey(key: String, first: TextPosition?)
    case uidWide(value: Int128)
    case uidNegative(value: Int128, read: UInt32)
    // Text content (on the node).
    case controlCharacters(element: String, count: Int, first: UInt8, offset: Int)
    case invalidUTF8(element: String, count: Int, first: UInt8, offset: Int)
    case entityUnknown(reference: String, more: Int)
    case entityUnterminated(text: String, more: Int)
    case entityInvalidCodePoint(reference: String, more: Int)
    case contentMarkup(element: String, what: String)
    case emptyElement(element: String)
    case boolNotEmpty(element: String, excerpt: String)
    case integerEmpty
    case integerInvalid(text: String, detail: String)
    case integerOverflow(text: String, negative: Bool)
    case realInvalid(text: String, detail: String)
    case dateInvalid(text: String, detail: String)
    case dateTruncated(text: String, fields: Int)
    case dateOutOfRange(text: String, fields: [String])
    /// `offset` is nil when the text had entities or CDATA, so decoded positions are not input offsets.
    case dataInvalidCharacter(byte: UInt8, offset: Int?, count: Int)
    case dataIgnoredCharacter(byte: UInt8, offset: Int?, count: Int)
    case dataLeftoverDigits(count: Int)

    var id: String {
        switch self {
        case .emptyInput, .rootMissing: "xml.root.missing"
        case .utf16: "xml.encoding.utf16"
        case .unsupportedEncoding: "xml.encoding.unsupported"
        case .declarationMisplaced: "xml.declaration.misplaced"
        case .declarationSwallows: "xml.declaration.swallows-markup"
        case .declarationMalformed: "xml.declaration.malformed"
        case .doctypeEntityDeclaration: "xml.doctype.entity-declaration"
        case .markupInvalid, .markupMisplaced: "xml.markup.invalid"
        case .markupUnterminated: "xml.markup.unterminated"
        case .tagUnterminated: "xml.tag.unterminated"
        case .tagMalformed: "xml.tag.malformed"
        case .tagMismatched: "xml.tag.mismatched"
        case .tagUnmatched: "xml.tag.unmatched"
        case .tagUnclosed: "xml.tag.unclosed"
        case .eofUnclosed: "xml.eof.unclosed"
        case .depthExceeded: "xml.depth.exceeded"
        case .elementUnknown: "xml.element.unknown"
        case .elementMisplaced: "xml.element.misplaced"
        case .keyOutsideDict: "xml.key.outside-dict"
        case .textUnexpected: "xml.text.unexpected"
        case .rootExtraObject: "xml.root.extra-object"
        case .plistMissing: "xml.plist.missing"
        case .trailingContent: "xml.document.trailing-content"
        case .suppressed: "xml.diagnostics.suppressed"
        case .keyWithoutValue: "xml.dict.key-without-value"
        case .valueWithoutKey: "xml.dict.value-without-key"
        case .duplicateKey: "xml.dict.duplicate-key"
        case .uidWide: "xml.uid.wide"
        case .uidNegative: "xml.uid.negative"
        case .controlCharacters: "xml.string.control-character"
        case .invalidUTF8: "xml.text.invalid-utf8"
        case .entityUnknown: "xml.entity.unknown"
        case .entityUnterminated: "xml.entity.unterminated"
        case .entityInvalidCodePoint: "xml.entity.invalid-codepoint"
        case .contentMarkup: "xml.content.markup"
        case .emptyElement: "xml.element.empty"
        case .boolNotEmpty: "xml.bool.not-empty"
        case .integerEmpty: "xml.integer.empty"
        case .integerInvalid: "xml.integer.invalid"
        case .integerOverflow: "xml.integer.overflow"
        case .realInvalid: "xml.real.invalid"
        case .dateInvalid: "xml.date.invalid"
        case .dateTruncated: "xml.date.truncated"
        case .dateOutOfRange: "xml.date.out-of-range"
        case .dataInvalidCharacter: "xml.data.invalid-character"
        case .dataIgnoredCharacter: "xml.data.ignored-character"
        case .dataLeftoverDigits: "xml.data.leftover-digits"
        }
    }

    var severity: Severity {
        switch self {
        case .suppressed, .uidWide: .note
        case .unsupportedEncoding, .declarationMisplaced, .declarationSwallows, .declarationMalformed, .doctypeEntityDeclaration, .plistMissing, .trailingContent,
             .duplicateKey, .uidNegative, .controlCharacters, .dateOutOfRange, .dataIgnoredCharacter, .dataLeftoverDigits:
            .warning
        default: .error
        }
    }
}
