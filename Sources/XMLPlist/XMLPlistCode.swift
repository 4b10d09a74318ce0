import ArchiveCore

/// Every diagnostic kind the XML plist decoder reports (`XMLPlistIssue` picks one per problem).
///
/// Severities follow CF's reader (`CFPropertyList.c`): `.error` where `CFPropertyListCreateWithData`
/// fails on the file, `.warning` where CF reads it but no Apple writer produces it (or other readers
/// reject it), `.note` where Apple's own writer produces it and Apple's reader accepts it.
package enum XMLPlistCode: String, DiagnosticCatalog {
    // Input and prolog.
    case rootMissing = "xml.root.missing"
    case encodingMismatch = "xml.encoding.mismatch"
    case encodingUnsupported = "xml.encoding.unsupported"
    case declarationMisplaced = "xml.declaration.misplaced"
    case declarationSwallowsMarkup = "xml.declaration.swallows-markup"
    case declarationMalformed = "xml.declaration.malformed"
    case doctypeEntityDeclaration = "xml.doctype.entity-declaration"
    // Markup.
    case markupInvalid = "xml.markup.invalid"
    case markupUnterminated = "xml.markup.unterminated"
    case tagUnterminated = "xml.tag.unterminated"
    case tagMalformed = "xml.tag.malformed"
    case tagMismatched = "xml.tag.mismatched"
    case tagUnmatched = "xml.tag.unmatched"
    case tagUnclosed = "xml.tag.unclosed"
    case eofUnclosed = "xml.eof.unclosed"
    case depthExceeded = "xml.depth.exceeded"
    // Structure.
    case elementUnknown = "xml.element.unknown"
    case elementMisplaced = "xml.element.misplaced"
    case keyOutsideDict = "xml.key.outside-dict"
    case textUnexpected = "xml.text.unexpected"
    case rootExtraObject = "xml.root.extra-object"
    case plistMissing = "xml.plist.missing"
    case documentTrailingContent = "xml.document.trailing-content"
    case diagnosticsSuppressed = "xml.diagnostics.suppressed"
    // Dictionaries and UIDs.
    case dictKeyWithoutValue = "xml.dict.key-without-value"
    case dictValueWithoutKey = "xml.dict.value-without-key"
    case dictDuplicateKey = "xml.dict.duplicate-key"
    case uidWide = "xml.uid.wide"
    case uidNegative = "xml.uid.negative"
    // Text content.
    case stringControlCharacter = "xml.string.control-character"
    case textInvalidUTF8 = "xml.text.invalid-utf8"
    case entityUnknown = "xml.entity.unknown"
    case entityUnterminated = "xml.entity.unterminated"
    case entityInvalidCodePoint = "xml.entity.invalid-codepoint"
    case contentMarkup = "xml.content.markup"
    case elementEmpty = "xml.element.empty"
    case boolNotEmpty = "xml.bool.not-empty"
    case integerEmpty = "xml.integer.empty"
    case integerInvalid = "xml.integer.invalid"
    case integerOverflow = "xml.integer.overflow"
    case realInvalid = "xml.real.invalid"
    case dateInvalid = "xml.date.invalid"
    case dateTruncated = "xml.date.truncated"
    case dateOutOfRange = "xml.date.out-of-range"
    case dataInvalidCharacter = "xml.data.invalid-character"
    case dataIgnoredCharacter = "xml.data.ignored-character"
    case dataLeftoverDigits = "xml.data.leftover-digits"

    package var severity: Severity {
        switch self {
        // CF's own writer puts control characters into strings unescaped, and CF reads them back.
        case .diagnosticsSuppressed, .stringControlCharacter:
            .note
        case .encodingMismatch, .encodingUnsupported, .declarationMisplaced, .declarationSwallowsMarkup, .declarationMalformed,
             .doctypeEntityDeclaration, .elementMisplaced, .keyOutsideDict, .plistMissing, .documentTrailingContent, .dictDuplicateKey, .uidWide,
             .uidNegative, .dateOutOfRange, .dataIgnoredCharacter, .dataLeftoverDigits:
            .warning
        default:
            .error
        }
    }

    package var summary: String {
        switch self {
        case .rootMissing: "the input holds no property-list object"
        case .encodingMismatch: "the XML declaration names another encoding than the one the file is in"
        case .encodingUnsupported: "the XML declaration names an encoding other than UTF-8"
        case .declarationMisplaced: "an XML declaration appears after the start of the file"
        case .declarationSwallowsMarkup: "the XML declaration is not closed before the next tag"
        case .declarationMalformed: "the XML declaration's attributes are not version, encoding, standalone"
        case .doctypeEntityDeclaration: "the DOCTYPE declares entities"
        case .markupInvalid: "a '<' that starts no tag, comment, CDATA section or processing instruction"
        case .markupUnterminated: "a comment, CDATA section, DOCTYPE or processing instruction is not closed"
        case .tagUnterminated: "a tag has no closing '>'"
        case .tagMalformed: "a closing tag has text after the element name"
        case .tagMismatched: "a closing tag does not match the open element"
        case .tagUnmatched: "a closing tag with no open element"
        case .tagUnclosed: "an element is not closed before its parent closes"
        case .eofUnclosed: "the file ends while elements are still open"
        case .depthExceeded: "elements are nested deeper than the decoder's limit"
        case .elementUnknown: "an element that is not part of the plist format"
        case .elementMisplaced: "a <plist> element nested inside another element"
        case .keyOutsideDict: "a <key> that is not inside a <dict>"
        case .textUnexpected: "text between elements where only whitespace may appear"
        case .rootExtraObject: "a second object where a plist holds only one"
        case .plistMissing: "the root object is not inside a <plist> element"
        case .documentTrailingContent: "bytes after the root element are not read"
        case .diagnosticsSuppressed: "more diagnostics of one id than are recorded"
        case .dictKeyWithoutValue: "a dictionary key has no value"
        case .dictValueWithoutKey: "a dictionary value has no key before it"
        case .dictDuplicateKey: "a dictionary has the same key twice"
        case .uidWide: "a CF$UID value does not fit in 32 bits"
        case .uidNegative: "a CF$UID value is negative"
        case .stringControlCharacter: "a string holds raw control characters, as CF writes them"
        case .textInvalidUTF8: "text holds bytes that are not valid UTF-8"
        case .entityUnknown: "an entity reference CF does not know"
        case .entityUnterminated: "an '&' that does not start a complete entity reference"
        case .entityInvalidCodePoint: "a character reference to a number that is not a Unicode scalar"
        case .contentMarkup: "markup inside a text element where CF does not accept it"
        case .elementEmpty: "an empty <integer>, <real>, <date>, <data> or <plist>"
        case .boolNotEmpty: "a <true> or <false> element has content"
        case .integerEmpty: "an <integer> has no digits"
        case .integerInvalid: "an <integer> is not a decimal or 0x-hexadecimal number"
        case .integerOverflow: "an <integer> does not fit in 64 bits"
        case .realInvalid: "a <real> is not a number"
        case .dateInvalid: "a <date> is not in the form YYYY-MM-DDTHH:MM:SSZ"
        case .dateTruncated: "a <date> lacks some of its six fields"
        case .dateOutOfRange: "a <date> has a field out of range, such as February 30"
        case .dataInvalidCharacter: "a <data> element holds non-ASCII bytes"
        case .dataIgnoredCharacter: "a <data> element holds characters outside the base64 alphabet"
        case .dataLeftoverDigits: "a <data> element ends with an incomplete base64 group"
        }
    }
}
