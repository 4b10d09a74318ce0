import ArchiveCore

/// Every problem the OpenStep decoder reports, with typed fields: its catalog code (id and severity,
/// `OpenStepCode`) and its message in one place. Arguments named `found` are already rendered by
/// `OpenStepReader.describe(at:)` (e.g. `')'`, `the end of the input`).
enum OpenStepIssue: Sendable {
    case invalidUTF8(offset: Int, bytes: String)
    case moreInvalidUTF8(count: Int)
    case emptyInput
    case whitespaceOnly
    case trailingContent(found: String, count: Int)
    case stringsTrailingContent(found: String, count: Int)
    case unexpectedCharacter(found: String, context: String)
    case depthExceeded(depth: Int)
    case unterminatedComment
    case unterminatedString(quote: String, length: Int)
    case unknownEscape(escape: String)
    case shortUnicodeEscape(escape: String)
    case loneSurrogate(unit: UInt32)
    case octalOverflow(escape: String, byte: UInt8)
    case unevenData(digit: String)
    case invalidDataCharacter(found: String)
    case unterminatedData(found: String)
    case gnustepValue(text: String, meaning: String)
    case gnustepMalformed(text: String, reason: String)
    case gnustepBase64(text: String, count: Int)
    case unterminatedArray(opened: TextPosition, enclosing: Int)
    case arrayMissingClose(opened: TextPosition, found: String)
    case arrayMissingComma(found: String)
    case arrayMissingValue(found: String)
    case unterminatedDict(opened: TextPosition, enclosing: Int)
    case dictMissingClose(opened: TextPosition, found: String)
    case missingEquals(key: String, found: String)
    case missingValue(key: String, found: String)
    case missingSemicolon(key: String, found: String)
    case missingKey(found: String)
    case keyNotString(found: String)
    case duplicateKey(key: String, first: TextPosition)
    case abandoned(errors: Int, offset: Int, remaining: Int)

    /// The catalog entry of the problem (its id and default severity).
    var code: OpenStepCode {
        switch self {
        case .invalidUTF8, .moreInvalidUTF8: .encodingInvalidUTF8
        case .emptyInput: .rootEmpty
        case .whitespaceOnly: .rootWhitespaceOnly
        case .trailingContent: .rootTrailingContent
        case .stringsTrailingContent: .stringsTrailingContent
        case .unexpectedCharacter: .valueUnexpectedCharacter
        case .depthExceeded: .depthExceeded
        case .unterminatedComment: .commentUnterminated
        case .unterminatedString: .stringUnterminated
        case .unknownEscape: .stringUnknownEscape
        case .shortUnicodeEscape: .stringShortUnicodeEscape
        case .loneSurrogate: .stringLoneSurrogate
        case .octalOverflow: .stringOctalOverflow
        case .unevenData: .dataUnevenLength
        case .invalidDataCharacter: .dataInvalidCharacter
        case .unterminatedData: .dataUnterminated
        case .gnustepValue: .gnustepTypedValue
        case .gnustepMalformed: .gnustepMalformed
        case .gnustepBase64: .gnustepBase64Data
        case .unterminatedArray: .arrayUnterminated
        case .arrayMissingClose: .arrayMissingClose
        case .arrayMissingComma: .arrayMissingComma
        case .arrayMissingValue: .arrayMissingValue
        case .unterminatedDict: .dictUnterminated
        case .dictMissingClose: .dictMissingClose
        case .missingEquals: .dictMissingEquals
        case .missingValue: .dictMissingValue
        case .missingSemicolon: .dictMissingSemicolon
        case .missingKey: .dictMissingKey
        case .keyNotString: .dictKeyNotString
        case .duplicateKey: .dictDuplicateKey
        case .abandoned: .decodingAbandoned
        }
    }

    var message: String {
        switch self {
        case .abandoned(let errors, let offset, let remaining):
            "\(errors) errors in the first \(offset) bytes, more than one per \(OpenStepParser.abandonDensity) bytes: this is not a property "
                + "list from here on, so the last \(remaining) bytes are not decoded (what was decoded before is kept)"
        case .invalidUTF8(let offset, let bytes):
            "invalid UTF-8 sequence \(bytes) at offset \(offset); decoded as U+FFFD, but CF rejects the file"
        case .moreInvalidUTF8(let count):
            English.count(count, "more invalid UTF-8 sequence") + " from here on " + (count == 1 ? "is" : "are") + " not listed; each is decoded as U+FFFD"
        case .emptyInput:
            "the input is empty; CF rejects an empty old-style plist"
        case .whitespaceOnly:
            "the input holds only whitespace and comments; CF reads it as an empty dictionary"
        case .trailingContent(let found, let count):
            "junk after the root value: \(found) starts " + English.count(count, "byte") + " that CF rejects"
        case .stringsTrailingContent(let found, let count):
            "strings file stops at \(found), which cannot start a key; CF ignores the remaining " + English.count(count, "byte")
        case .unexpectedCharacter(let found, let context):
            "unexpected \(found) \(context)"
        case .depthExceeded(let depth):
            "nesting depth \(depth) exceeds CF's limit of 512 nested arrays and dictionaries"
        case .unterminatedComment:
            "comment opened with '/*' is not closed before the end of the input"
        case .unterminatedString(let quote, let length):
            "quoted string opened with \(quote) is not terminated; it runs " + English.count(length, "byte") + " to the end of the input"
        case .unknownEscape(let escape):
            "unknown escape '\(escape)' in quoted string; CF keeps the character after the backslash"
        case .shortUnicodeEscape(let escape):
            "unicode escape '\(escape)' has fewer than 4 hex digits; CF uses the digits present"
        case .loneSurrogate(let unit):
            "unicode escape gives lone surrogate U+\(hex4(unit)); decoded as U+FFFD"
        case .octalOverflow(let escape, let byte):
            "octal escape '\(escape)' exceeds \\377; CF keeps the low 8 bits, byte 0x\(byteHex(byte))"
        case .unevenData(let digit):
            "hex digit \(digit) in data has no second digit (uneven length)"
        case .invalidDataCharacter(let found):
            "invalid hex: \(found) in data"
        case .unterminatedData(let found):
            "data is missing its closing '>' before \(found)"
        case .gnustepValue(let text, let meaning):
            "typed value \(text) is a GNUstep extension, read as \(meaning); CF does not accept it"
        case .gnustepMalformed(let text, let reason):
            (text.hasPrefix("<[") ? "malformed GNUstep base64 data " : "malformed GNUstep typed value ") + "\(text): \(reason)"
        case .gnustepBase64(let text, let count):
            "data \(text) is in GNUstep's base64 syntax, read as " + English.count(count, "byte") + "; CF does not accept it"
        case .unterminatedArray(let opened, let enclosing):
            "array opened at \(opened) is not terminated before the end of the input" + enclosingNote(enclosing)
        case .arrayMissingClose(let opened, let found):
            "expected ',' or ')' in array opened at \(opened) but found \(found); the array ends here"
        case .arrayMissingComma(let found):
            "expected ',' or ')' after array element but found \(found)"
        case .arrayMissingValue(let found):
            "expected an array element or ')' but found \(found)"
        case .unterminatedDict(let opened, let enclosing):
            "dictionary opened at \(opened) is not terminated before the end of the input" + enclosingNote(enclosing)
        case .dictMissingClose(let opened, let found):
            "expected ';' or '}' in dictionary opened at \(opened) but found \(found); the dictionary ends here"
        case .missingEquals(let key, let found):
            "expected '=' after key \(key) but found \(found)"
        case .missingValue(let key, let found):
            "expected a value after '=' for key \(key) but found \(found)"
        case .missingSemicolon(let key, let found):
            "expected ';' after the entry for key \(key) but found \(found)"
        case .missingKey(let found):
            "expected a key or '}' but found \(found)"
        case .keyNotString(let found):
            "dictionary key must be a string but found \(found); the key is kept as its source text"
        case .duplicateKey(let key, let first):
            "duplicate key \(key) (first at \(first)); CF keeps the last value"
        }
    }

    private func enclosingNote(_ enclosing: Int) -> String {
        switch enclosing {
        case 0: ""
        case 1: " (nor is 1 enclosing container)"
        default: " (nor are \(enclosing) enclosing containers)"
        }
    }

    private func hex4(_ unit: UInt32) -> String {
        byteHex(UInt8(truncatingIfNeeded: unit >> 8)).uppercased() + byteHex(UInt8(truncatingIfNeeded: unit)).uppercased()
    }
}
