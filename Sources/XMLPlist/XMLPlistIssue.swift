import ArchiveCore

/// Every problem the XML plist decoder reports, with typed fields: its catalog code (id and severity,
/// `XMLPlistCode`) and its message (`XMLPlistIssue+Messages.swift`) in one place.
enum XMLPlistIssue: Sendable {
    // Input and prolog.
    case emptyInput
    /// `actual`: the encoding the bytes show (`UTF-16LE`); `by`: how it was recognised.
    case encodingMismatch(name: String, actual: String, by: String)
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
    /// `empty`: written `<plist/>`, which CF rejects where it accepts a nested wrapper with content.
    case elementMisplaced(name: String, context: String, empty: Bool)
    case keyOutsideDict(context: String, synthesizesDict: Bool)
    case textUnexpected(excerpt: String, context: String)
    case rootExtraObject(element: String, rootAt: TextPosition)
    case rootMissing(reason: String)
    case plistMissing(element: String)
    case trailingContent(byteCount: Int, rootEnd: TextPosition?)
    case suppressed(code: XMLPlistCode, count: Int)
    // Dictionaries and UIDs (on the dict node).
    case keyWithoutValue(key: String, at: TextPosition)
    case valueWithoutKey(element: String, at: TextPosition)
    case duplicateKey(key: String, first: TextPosition?)
    case uidWide(value: Int128)
    case uidNegative(value: Int128, read: UInt32)
    // Text content (on the node).
    /// `characters`: the distinct control characters found, in ascending order.
    case controlCharacters(element: String, count: Int, characters: [UInt8], offset: Int)
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

    /// The severity of this instance: the code's, except where CF treats one form differently.
    var severity: Severity {
        if case .elementMisplaced(_, _, let empty) = self, empty { return .error }
        return code.severity
    }

    /// The catalog entry of the problem (its id and default severity).
    var code: XMLPlistCode {
        switch self {
        case .emptyInput, .rootMissing: .rootMissing
        case .encodingMismatch: .encodingMismatch
        case .unsupportedEncoding: .encodingUnsupported
        case .declarationMisplaced: .declarationMisplaced
        case .declarationSwallows: .declarationSwallowsMarkup
        case .declarationMalformed: .declarationMalformed
        case .doctypeEntityDeclaration: .doctypeEntityDeclaration
        case .markupInvalid, .markupMisplaced: .markupInvalid
        case .markupUnterminated: .markupUnterminated
        case .tagUnterminated: .tagUnterminated
        case .tagMalformed: .tagMalformed
        case .tagMismatched: .tagMismatched
        case .tagUnmatched: .tagUnmatched
        case .tagUnclosed: .tagUnclosed
        case .eofUnclosed: .eofUnclosed
        case .depthExceeded: .depthExceeded
        case .elementUnknown: .elementUnknown
        case .elementMisplaced: .elementMisplaced
        case .keyOutsideDict: .keyOutsideDict
        case .textUnexpected: .textUnexpected
        case .rootExtraObject: .rootExtraObject
        case .plistMissing: .plistMissing
        case .trailingContent: .documentTrailingContent
        case .suppressed: .diagnosticsSuppressed
        case .keyWithoutValue: .dictKeyWithoutValue
        case .valueWithoutKey: .dictValueWithoutKey
        case .duplicateKey: .dictDuplicateKey
        case .uidWide: .uidWide
        case .uidNegative: .uidNegative
        case .controlCharacters: .stringControlCharacter
        case .invalidUTF8: .textInvalidUTF8
        case .entityUnknown: .entityUnknown
        case .entityUnterminated: .entityUnterminated
        case .entityInvalidCodePoint: .entityInvalidCodePoint
        case .contentMarkup: .contentMarkup
        case .emptyElement: .elementEmpty
        case .boolNotEmpty: .boolNotEmpty
        case .integerEmpty: .integerEmpty
        case .integerInvalid: .integerInvalid
        case .integerOverflow: .integerOverflow
        case .realInvalid: .realInvalid
        case .dateInvalid: .dateInvalid
        case .dateTruncated: .dateTruncated
        case .dateOutOfRange: .dateOutOfRange
        case .dataInvalidCharacter: .dataInvalidCharacter
        case .dataIgnoredCharacter: .dataIgnoredCharacter
        case .dataLeftoverDigits: .dataLeftoverDigits
        }
    }
}
