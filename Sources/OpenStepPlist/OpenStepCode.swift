import ArchiveCore

/// Every diagnostic kind the OpenStep (old-style ASCII) plist decoder reports (`OpenStepIssue` picks
/// one per problem).
///
/// Severities follow CF's `CFOldStylePList.c`: `.error` where CF rejects the input, `.warning` where
/// it accepts something no Apple writer produces, `.note` for information.
package enum OpenStepCode: String, DiagnosticCatalog {
    case encodingInvalidUTF8 = "openstep.encoding.invalid-utf8"
    case rootEmpty = "openstep.root.empty"
    case rootWhitespaceOnly = "openstep.root.whitespace-only"
    case rootTrailingContent = "openstep.root.trailing-content"
    case stringsTrailingContent = "openstep.strings.trailing-content"
    case valueUnexpectedCharacter = "openstep.value.unexpected-character"
    case depthExceeded = "openstep.depth.exceeded"
    case commentUnterminated = "openstep.comment.unterminated"
    case stringUnterminated = "openstep.string.unterminated"
    case stringUnknownEscape = "openstep.string.unknown-escape"
    case stringShortUnicodeEscape = "openstep.string.short-unicode-escape"
    case stringLoneSurrogate = "openstep.string.lone-surrogate"
    case stringOctalOverflow = "openstep.string.octal-overflow"
    case dataUnevenLength = "openstep.data.uneven-length"
    case dataInvalidCharacter = "openstep.data.invalid-character"
    case dataUnterminated = "openstep.data.unterminated"
    case gnustepTypedValue = "openstep.gnustep.typed-value"
    case gnustepMalformed = "openstep.gnustep.malformed"
    case gnustepBase64Data = "openstep.gnustep.base64-data"
    case arrayUnterminated = "openstep.array.unterminated"
    case arrayMissingClose = "openstep.array.missing-close"
    case arrayMissingComma = "openstep.array.missing-comma"
    case arrayMissingValue = "openstep.array.missing-value"
    case dictUnterminated = "openstep.dict.unterminated"
    case dictMissingClose = "openstep.dict.missing-close"
    case dictMissingEquals = "openstep.dict.missing-equals"
    case dictMissingValue = "openstep.dict.missing-value"
    case dictMissingSemicolon = "openstep.dict.missing-semicolon"
    case dictMissingKey = "openstep.dict.missing-key"
    case dictKeyNotString = "openstep.dict.key-not-string"
    case dictDuplicateKey = "openstep.dict.duplicate-key"
    case decodingAbandoned = "openstep.decoding.abandoned"

    package var severity: Severity {
        switch self {
        case .rootWhitespaceOnly:
            .note
        // CF accepts these: escapes fall back to the character itself, `\U` reads up to 4 digits, a
        // strings file stops silently at the first non-key, a comment may run to the end. GNUstep's
        // typed values are a warning by choice: GNUstep writes and reads them, CF rejects them.
        case .stringsTrailingContent, .commentUnterminated, .stringUnknownEscape, .stringShortUnicodeEscape,
             .stringLoneSurrogate, .stringOctalOverflow, .gnustepTypedValue, .gnustepBase64Data, .dictDuplicateKey:
            .warning
        default:
            .error
        }
    }

    package var summary: String {
        switch self {
        case .encodingInvalidUTF8: "bytes that are not valid UTF-8"
        case .rootEmpty: "the input is empty: it holds no property-list value"
        case .rootWhitespaceOnly: "the input holds only whitespace and comments"
        case .rootTrailingContent: "text follows the root value"
        case .stringsTrailingContent: "a strings file stops at text that cannot start a key"
        case .valueUnexpectedCharacter: "a character that cannot start or continue a value"
        case .depthExceeded: "arrays and dictionaries nested deeper than CF's limit of 512"
        case .commentUnterminated: "a /* comment is not closed before the end of the input"
        case .stringUnterminated: "a quoted string is not closed before the end of the input"
        case .stringUnknownEscape: "a backslash escape CF does not define"
        case .stringShortUnicodeEscape: "a \\U escape with fewer than 4 hex digits"
        case .stringLoneSurrogate: "a \\U escape gives half of a surrogate pair"
        case .stringOctalOverflow: "an octal escape above \\377"
        case .dataUnevenLength: "a data value has an odd number of hex digits"
        case .dataInvalidCharacter: "a data value holds a character that is not a hex digit"
        case .dataUnterminated: "a data value has no closing '>'"
        case .gnustepTypedValue: "a GNUstep typed value such as <*I5>, which CF does not read"
        case .gnustepMalformed: "a GNUstep typed value or base64 data value that cannot be read"
        case .gnustepBase64Data: "data in GNUstep's base64 syntax <[…]>, which CF does not read"
        case .arrayUnterminated: "an array is not closed before the end of the input"
        case .arrayMissingClose: "an array ends without its ')'"
        case .arrayMissingComma: "array elements are not separated by a comma"
        case .arrayMissingValue: "an array has an empty element"
        case .dictUnterminated: "a dictionary is not closed before the end of the input"
        case .dictMissingClose: "a dictionary ends without its '}'"
        case .dictMissingEquals: "a dictionary key is not followed by '='"
        case .dictMissingValue: "a dictionary key has no value after '='"
        case .dictMissingSemicolon: "a dictionary entry is not ended by ';'"
        case .dictMissingKey: "a dictionary entry has no key"
        case .dictKeyNotString: "a dictionary key is an array, dictionary or data"
        case .dictDuplicateKey: "a dictionary has the same key twice"
        case .decodingAbandoned: "so many errors that the rest of the input is not read as a property list"
        }
    }
}
