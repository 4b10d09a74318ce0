import ArchiveCore

extension OpenStepCode {
    /// The `--explain` paragraph: what the diagnostic means, how CF's old-style parser
    /// (`CFOldStylePList.c`) behaves, what usually causes it and what to do.
    package var explanation: String {
        switch self {
        case .encodingInvalidUTF8, .rootEmpty, .rootWhitespaceOnly, .rootTrailingContent,
             .stringsTrailingContent, .valueUnexpectedCharacter, .depthExceeded, .commentUnterminated:
            documentExplanation
        case .stringUnterminated, .stringUnknownEscape, .stringShortUnicodeEscape, .stringLoneSurrogate,
             .stringOctalOverflow, .dataUnevenLength, .dataInvalidCharacter, .dataUnterminated, .gnustepTypedValue,
             .gnustepMalformed, .gnustepBase64Data:
            scalarExplanation
        default:
            containerExplanation
        }
    }

    private var documentExplanation: String {
        switch self {
        case .encodingInvalidUTF8:
            "The file holds bytes that are not valid UTF-8: a stray byte of 0x80 or above, or a multi-byte sequence cut short. CF converts the whole file to text before parsing an old-style plist and fails with \"Conversion of string failed.\" when the bytes are not in the expected encoding, so Apple's reader rejects the file. Old .strings files saved as MacRoman or Latin-1, or text pasted from another encoding, are the usual causes. This decoder shows each bad sequence as U+FFFD and lists the first ones; re-save the file as UTF-8."
        case .rootEmpty:
            "The input has no bytes at all. CF refuses to parse empty data (\"Conversion of string failed. The string is empty.\"), so an empty file is not a property list for Apple's reader. The usual causes are a file truncated to zero while being written, a failed download or copy, or a placeholder created by a build step that never filled it. Recover the file from where it came from."
        case .rootWhitespaceOnly:
            "The input holds only whitespace and comments, no value. CF's old-style parser reads such a file as an empty dictionary rather than failing, which is how an empty .strings file (one with only its header comment) is meant to be read. It is reported for information: the result is an empty dictionary. If the file should hold entries, they were lost; otherwise nothing needs doing."
        case .rootTrailingContent:
            "More text follows the root value: after the closing '}' or ')' of the top-level dictionary or array, or after a single top-level string, something other than whitespace and comments remains. CF fails with \"Junk after plist\". Two plists concatenated, a stray character from editing, or a root dictionary closed too early are the usual causes. This decoder keeps the root value and does not read the rest; look at the text at the offset to see where it came from."
        case .stringsTrailingContent:
            "The file is read as a strings file (key = value; pairs without enclosing braces), and it stops at a character that cannot start a key. CF's parser ends the dictionary there without an error and silently ignores everything after it, so Apple loads only the entries before this point. It is usually a typo such as an unquoted key with a space or punctuation, or a stray character between entries. Quote the key or remove the character, or the entries after it stay invisible."
        case .valueUnexpectedCharacter:
            "A character appears where a value must start or continue and cannot: unquoted strings may contain only letters, digits and _ $ / : . -, and values start with a quote, '{', '(', '<' or one of those characters. CF fails on it (\"Unexpected character\" or \"Invalid string character\"). The usual cause is an unquoted string with a space or other punctuation, or a JSON-style file given as a plist. Quote the string or fix the syntax."
        case .depthExceeded:
            "Arrays and dictionaries are nested more than 512 levels deep. CF's parser stops at that depth to protect its stack, so Apple rejects the file, and this decoder stops at the same limit, keeping what lies above it. No writer produces such nesting; the file is almost certainly crafted to exhaust a parser's stack. Treat it as hostile."
        default:
            "A /* comment is opened but never closed with */ before the end of the input. CF's parser skips comments while looking for the next token and, finding no end, simply consumes the rest of the file: if the value was complete before the comment, Apple reads the file without complaint. Anything after the comment's start is lost, though, so a missing */ in the middle of a file hides the entries that follow it. Close the comment."
        }
    }

    private var scalarExplanation: String {
        switch self {
        case .stringUnterminated:
            "A string opened with a double or single quote is never closed: no matching quote appears before the end of the input. CF fails with \"Unterminated quoted string\". The usual causes are a quote inside the string that was not escaped as \\\", an escaped backslash at the end of a string written as a single \\, or a file cut short. The message gives how far the string runs; escape the inner quote or add the closing one."
        case .stringUnknownEscape:
            "A backslash in a quoted string is followed by a character that has no escape meaning. CF knows \\a \\b \\f \\n \\r \\t \\v \\\" \\\\, octal escapes of up to three digits and \\U with four hex digits; for any other character it drops the backslash and keeps the character, so Apple reads the file. Windows paths and regular expressions written without doubling the backslash are the usual cause. If a literal backslash was meant, write \\\\."
        case .stringShortUnicodeEscape:
            "A \\U escape has fewer than four hexadecimal digits before the next character, as in \\U41x. CF reads up to four digits and uses those present, so the character may not be the intended one, and Apple's own writers always write four. It comes from hand editing or from a writer that drops leading zeros. The message shows the escape; pad it to four digits."
        case .stringLoneSurrogate:
            "A \\U escape names half of a UTF-16 surrogate pair (D800 to DFFF) without its other half. Apple's writers escape characters outside the Basic Multilingual Plane as two consecutive \\U escapes, and a lone half means one was lost or the string was cut between them. CF stores the lone unit as it is, making a string that is not valid Unicode; this decoder shows it as U+FFFD. Restore the missing half."
        case .stringOctalOverflow:
            "An octal escape such as \\777 is above \\377, the largest byte value. CF reads up to three octal digits into one byte and keeps only its low 8 bits, so \\777 becomes \\377, and then maps the byte through the NeXTSTEP character set. No Apple writer produces such an escape; it comes from hand editing or from a writer that escaped Unicode code points in octal. Use a \\U escape for characters beyond one byte."
        case .dataUnevenLength:
            "A data value <…> has an odd number of hexadecimal digits, so its last byte has only one digit. CF fails on it (\"Malformed data byte group\" with an uneven length), so Apple rejects the file. The usual causes are a digit deleted or mistyped while editing, or a value cut short. This decoder keeps the complete bytes; check the value against its source."
        case .dataInvalidCharacter:
            "A data value <…> holds a character that is neither a hexadecimal digit nor whitespace. CF fails on it (\"Malformed data byte group\"), so Apple rejects the file. Base64 text written between angle brackets, a typo, or a value that was meant to be a string are the usual causes. This decoder reports the first such character and stops the value there; write the bytes in hexadecimal."
        case .dataUnterminated:
            "A data value opened with '<' has no closing '>' before a character that cannot be part of it, or before the end of the input. CF fails on it, so Apple rejects the file. The usual cause is a deleted '>' or a '<' that was meant to be part of a string and should have been quoted. This decoder ends the value where the hexadecimal digits stop; add the '>' or quote the string."
        case .gnustepTypedValue:
            "A value like <*I5>, <*R1.5>, <*BY> or <*D2001-01-01 …> is a GNUstep extension that types an integer, real, boolean or date inside the old-style syntax. GNUstep writes and reads it, but CF has no such branch: it parses it as data and fails on the '*', so Apple rejects the file. This decoder reads the value with its GNUstep meaning, shown in the message. The file was written by GNUstep; convert it with GNUstep's tools if Apple's must read it."
        case .gnustepBase64Data:
            "A data value written <[…]> with base64 inside, instead of hex digits between < and >, is GNUstep's extension of the old-style syntax: GNUstep writes data this way in its own property-list format and reads it back. CF has no such branch: it takes the '[' for a bad hex digit and fails, so Apple rejects the file. This decoder reads the base64 (whitespace between digits is allowed) and shows the bytes. The file was written by GNUstep; convert it with GNUstep's plutil, or rewrite the value as hex (<0fbd…>), if Apple's tools must read it."
        default:
            "A value starts like a GNUstep typed value (<*I, <*R, <*B or <*D) or base64 data (<[…]>) but the rest cannot be read as that: digits missing, an unknown type letter, a date in the wrong form, no closing '>', characters that are not base64 or base64 digits left over after the last group of four. CF rejects any such value, and GNUstep's parser rejects or misreads the malformed one too. It usually comes from hand editing or a damaged GNUstep file. The message says what is wrong; fix the value or write it as a plain string or hex data."
        }
    }

    private var containerExplanation: String {
        switch self {
        case .arrayUnterminated:
            "An array opened with '(' is never closed: the input ends first. CF fails (\"Expected terminating ')' for array\"), so Apple rejects the file. It is the signature of a truncated file, or of a ')' lost while editing; the message also counts the enclosing arrays and dictionaries left open. This decoder keeps the elements read before the end; recover the rest of the file or add the missing ')'."
        case .arrayMissingClose:
            "An array is followed by something that is neither ',' nor ')', typically the ';' or '}' of the dictionary around it, as if the array's ')' were missing. CF fails (\"Expected terminating ')' for array\"), so Apple rejects the file. The usual cause is a ')' deleted while editing. This decoder ends the array at that point, so the enclosing dictionary reads on normally; add the ')'."
        case .arrayMissingComma:
            "Two elements of an array follow each other without a ',' between them, as in (a b). CF expects a comma or ')' after each element and fails otherwise, so Apple rejects the file. A comma lost while editing, or an unquoted string containing a space (read as two strings), is the usual cause. This decoder reads on as if the comma were there; add it, or quote the string."
        case .arrayMissingValue:
            "An array has a ',' where an element should be, as in (a,,b), or starts with ','. CF fails on the empty element, so Apple rejects the file (a single trailing comma before ')' is accepted). The usual cause is an element deleted while editing. This decoder skips the empty place; remove the extra comma or restore the element."
        case .dictUnterminated:
            "A dictionary opened with '{' is never closed: the input ends first. CF fails, so Apple rejects the file. It is the signature of a truncated file, or of a '}' lost while editing; the message also counts the enclosing containers left open. This decoder keeps the entries read before the end; recover the rest of the file or add the missing '}'."
        case .dictMissingClose:
            "A dictionary is followed by something that is neither ';' nor '}', typically the ')' or ',' of the array around it, as if the dictionary's '}' were missing. CF fails on it, so Apple rejects the file. The usual cause is a '}' deleted while editing. This decoder ends the dictionary at that point, so the enclosing array reads on; add the '}'."
        case .dictMissingEquals:
            "A dictionary key is followed by something other than '=' (or ';', the strings-file shortcut meaning the value is the key itself). CF fails (\"Unexpected ';' or '=' after key\"), so Apple rejects the file. The usual causes are a missing '=', an unquoted key containing a space, or JSON-style ':' separators. This decoder skips to the next ';' or '}'; add the '=' or quote the key."
        case .dictMissingValue:
            "A dictionary key is followed by '=' but no value, as in { a = ; }. CF fails because a value is required after '=', so Apple rejects the file. A value deleted while editing, or a writer that emitted nothing for a missing value, is the usual cause. This decoder leaves the key out of the dictionary; write the value, or \"\" for an empty string."
        case .dictMissingSemicolon:
            "A dictionary entry is not ended by ';' before the next key or the '}'. CF requires the semicolon and fails (\"Missing ';'\"), so Apple rejects the file, though very old versions of CF ignored the rest silently. Hand editing and JSON-style commas are the usual causes. This decoder reads on as if the ';' were there; add it."
        case .dictMissingKey:
            "A dictionary has something where a key should start: a ';' with nothing before it, or a character that cannot begin a string. CF fails, so Apple rejects the file. The usual causes are a doubled ';', an entry whose key was deleted, or an unquoted key starting with a character such as '@' or '+'. This decoder skips to the next entry; quote the key or remove the stray characters."
        case .dictKeyNotString:
            "A dictionary key is an array, a dictionary or data instead of a string. CF's old-style parser reads keys as strings only and fails on anything else, so Apple rejects the file. It usually comes from a writer of another format or from entries in the wrong order. This decoder keeps the key as its source text so the entry is still shown; write the key as a quoted string."
        case .decodingAbandoned:
            "Errors came so thick (thousands, more than one every 256 bytes) that the input is no property list from that point on: prose or a log that happens to start with '{' or '(', a binary file, or a plist overwritten by something else. CF stops at the first error. This decoder reads past damaged places to show what follows, but here that would cost time and memory in proportion to every word of the text, so it stops and keeps what it decoded before; the range is the part left unread. Look at what the file holds (the hex view), and open the right file."
        default:
            "The same key appears twice in one dictionary. CF accepts the file and keeps the value of the last occurrence, so the earlier value is silently lost to Apple's reader. Apple's writers never produce duplicates; in .strings files they come from merging translations or copy and paste, and then the first translation is dead. The message gives where the key first appeared; decide which value is meant and remove the other."
        }
    }
}
