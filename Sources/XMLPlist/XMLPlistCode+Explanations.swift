import ArchiveCore

extension XMLPlistCode {
    /// The `--explain` paragraph: what the diagnostic means, how CF's XML reader (`CFPropertyList.c`)
    /// behaves, what usually causes it and what to do.
    package var explanation: String {
        switch self {
        case .rootMissing, .encodingMismatch, .encodingUnsupported, .declarationMisplaced, .declarationSwallowsMarkup,
             .declarationMalformed, .doctypeEntityDeclaration:
            prologExplanation
        case .markupInvalid, .markupUnterminated, .tagUnterminated, .tagMalformed, .tagMismatched, .tagUnmatched,
             .tagUnclosed, .eofUnclosed, .depthExceeded:
            markupExplanation
        case .elementUnknown, .elementMisplaced, .keyOutsideDict, .textUnexpected, .rootExtraObject, .plistMissing,
             .documentTrailingContent, .diagnosticsSuppressed, .dictKeyWithoutValue, .dictValueWithoutKey,
             .dictDuplicateKey, .uidWide, .uidNegative:
            structureExplanation
        default:
            contentExplanation
        }
    }

    private var prologExplanation: String {
        switch self {
        case .rootMissing:
            "No property-list object was found: the input is empty, or holds only the prolog (XML declaration, DOCTYPE, comments) or markup that is not a plist element. CF's reader fails with \"No XML content found\" or \"Encountered unexpected EOF\" and returns no plist at all. The usual causes are a file cut off right after its header, a zero-filled or truncated download, or a file that is not a property list. Check the file's size against where it came from and recover it from a backup or the writer."
        case .encodingMismatch:
            "The file is UTF-16 or UTF-32 (by its byte-order mark, or by the zero bytes of its first characters) but its XML declaration names another encoding, often encoding=\"UTF-8\" left in place when the file was converted. CF decides the encoding from the first bytes and ignores the name when they show UTF-16 or UTF-32, so Apple reads the file; strict XML parsers (libxml2, expat) reject a declaration that contradicts the bytes. This decoder, like CF, goes by the bytes. Fix the declaration, or convert the file to UTF-8 with `plutil -convert xml1`."
        case .encodingUnsupported:
            "The XML declaration names an encoding other than UTF-8, for example ISO-8859-1 or Shift_JIS. CF's reader looks the name up as an IANA charset and converts the bytes from it; a name it does not know makes it fail with \"Encountered unknown encoding\". This decoder reads the bytes as UTF-8 regardless, so characters outside ASCII may show as U+FFFD. Apple's writer always declares UTF-8; the file was written by another tool or edited by hand. Convert it to UTF-8 and fix the declaration if the text looks wrong."
        case .declarationMisplaced:
            "An XML declaration (<?xml …?>) appears after something else: after a comment, a DOCTYPE, another declaration or leading text. XML allows it only as the very first bytes of the document. CF does not check this: it skips the declaration like any processing instruction and reads on, but strict XML parsers such as Python's plistlib (expat) reject the file. The usual cause is two files concatenated, or a header pasted into a file that already had one. Remove the extra declaration."
        case .declarationSwallowsMarkup:
            "The XML declaration opened at the start of the file is not closed with ?> before the next tag, so its end is found only further on and everything in between is read as part of the declaration. CF skips a processing instruction up to the first ?> without looking inside, so it skips the same markup and the objects in it are lost for Apple's reader too. The usual cause is a missing ?> written by hand or a damaged first line. Add the missing ?> after the declaration's attributes."
        case .declarationMalformed:
            "The XML declaration does not have the form XML requires: version=\"1.0\" first, then optionally encoding=… and standalone=…, each quoted. CF only scans the declaration for encoding= and otherwise skips it unchecked, so Apple reads the file, but strict XML parsers (Python's plistlib, libxml2) reject it. The file was written or edited by a tool other than Apple's, which always writes <?xml version=\"1.0\" encoding=\"UTF-8\"?>. Rewrite the declaration in that form."
        default:
            "The DOCTYPE has an internal subset that declares entities (<!ENTITY …>). CF skips the DOCTYPE without processing its declarations, so references to those entities are unknown to it and fail; Python's plistlib refuses any entity declaration outright (\"XML entity declarations are not supported\"), as a defence against entity-expansion attacks. Apple's writer emits only the standard plist DOCTYPE. The file was made by hand or by a hostile tool: replace the entities with their text and remove the internal subset."
        }
    }

    private var markupExplanation: String {
        switch self {
        case .markupInvalid:
            "A '<' is followed by something that cannot start a tag, comment, CDATA section or processing instruction (a space, a digit, another '<'), or a comment-like construct is not allowed where it appears. CF's reader fails on such markup (\"Malformed tag\" or \"Encountered unexpected character\"). Text written into the file without escaping '<' as &lt;, or bytes damaged in transit, are the usual causes. This decoder skips the stray '<' and goes on; escape the character or restore the damaged bytes."
        case .markupUnterminated:
            "A comment, CDATA section, DOCTYPE or processing instruction is opened but its terminator (-->, ]]>, > or ?>) never appears before the end of the file. CF's reader scans for the terminator and fails with an unexpected end of file, so Apple reads nothing from this point on. The usual cause is a file cut short inside a comment, or a terminator lost in editing. Everything after the opening is unread here as well; add the terminator or recover the rest of the file."
        case .tagUnterminated:
            "A tag starts with '<' and its name but has no closing '>' before the next '<' or the end of the file. CF's reader fails on it (\"Encountered unexpected EOF\" or \"Malformed tag\"). It usually means the file was cut off in the middle of a tag, or a '>' was deleted while editing. This decoder reads the tag as if it were closed where it stops; check the bytes around the offset and restore the missing '>'."
        case .tagMalformed:
            "A closing tag such as </string x> has characters after the element name other than whitespace. XML allows only optional whitespace there, and CF's reader, which expects '>' after the name and any whitespace, fails with \"Encountered unexpected character\". It is typical of hand editing or of a writer that copied attributes into closing tags. This decoder closes the element anyway; remove the extra text."
        case .tagMismatched:
            "A closing tag names a different element than the innermost open one, for example </array> while a <dict> is open. CF's reader fails with \"Close tag … does not match open tag\", so Apple reads nothing from the file. The usual causes are a missing closing tag earlier, a tag deleted while editing, or bytes damaged in transit. The message says how this decoder recovered: it closes the elements in between when the tag matches an outer element, or ignores the tag. Compare the nesting near both offsets."
        case .tagUnmatched:
            "A closing tag appears when no element of that name is open, for example a second </dict> after the dictionary already closed. CF's reader fails on it, reading it either as a close tag that does not match or as an unknown tag. It usually comes from editing that deleted an opening tag or duplicated a closing one. This decoder ignores the tag and reads on; find the element the tag was meant to close and restore its opening tag, or delete the extra closing tag."
        case .tagUnclosed:
            "An element is still open when an enclosing element closes, for example a <string> without </string> inside a <dict> that ends. CF's reader fails with a close-tag mismatch, so Apple reads nothing from the file. The usual cause is a closing tag lost while editing or a damaged byte in the tag's name. This decoder closes the element at that point and keeps what it held; add the missing closing tag where it belongs."
        case .eofUnclosed:
            "The file ends while elements are still open: the innermost is named with where it was opened, and the count says how many are open in all. CF's reader fails with \"Encountered unexpected EOF\" and returns nothing. This is the signature of a truncated file: an interrupted write, a partial download or copy, or a disk full while saving. This decoder keeps every object read before the end; recover the complete file from its source or a backup."
        default:
            "Elements are nested more deeply than this decoder's limit, so the deeper elements are skipped and only counted until they close. Apple's parsers stop far earlier: CF refuses property lists nested more than 512 levels on macOS (128 on iOS) for the binary and OpenStep formats, and no Apple writer produces nesting anywhere near this deep. Such files are almost always crafted to exhaust a parser's stack. The objects above the limit are kept; treat the file as hostile."
        }
    }

    private var structureExplanation: String {
        switch self {
        case .elementUnknown:
            "An element name is not one of the plist format's: plist, dict, key, array, string, data, date, integer, real, true and false. CF's reader fails with \"Encountered unknown tag\", so Apple reads nothing from the file. The usual causes are a misspelt tag, an XML document of another kind given as a plist, or elements from a newer or foreign schema. This decoder skips the unknown element and its content; rename it or convert the document to a plist."
        case .elementMisplaced:
            "A <plist> element appears inside another element, for example in an array, in a dictionary or directly inside the outer <plist>. The plist DTD allows <plist> only as the document's wrapper. CF's reader does not check this: it reads a nested <plist> as a wrapper around its one object, so Apple accepts the file and sees that object in its place. No Apple writer nests plists; it comes from splicing one plist into another by text. This decoder marks the value invalid inside arrays and dictionaries and reads through it elsewhere; remove the inner wrapper. An empty <plist/> is different: CF fails on it (\"Encountered empty plist tag\"), so that form is an error."
        case .keyOutsideDict:
            "A <key> appears in an array, inside <plist> or at the top level instead of inside a <dict>. CF's reader does not check where a key is: outside a dictionary it reads the key as a plain string value, so Apple accepts the file with one more string in it. No Apple writer produces this. When nothing was read yet, the usual cause is a file whose opening <dict> tag was lost, and this decoder reads the key as the first key of that missing dictionary; elsewhere it leaves the key out of the tree. Restore the <dict> tag, or turn the key into a <string>."
        case .textUnexpected:
            "Text other than whitespace appears between elements, inside a <dict>, an <array> or <plist>, or at the top level, where the format allows only whitespace and comments. CF's reader fails on such text (\"Encountered unexpected character\"), so Apple reads nothing. Typical causes are a value written without its element, a stray character from editing, or bytes damaged in transit. This decoder ignores the text; wrap it in the element it was meant to be, or delete it."
        case .rootExtraObject:
            "A property list holds exactly one root object, but a second object follows it inside <plist> or at the top level. CF's reader fails with \"Encountered unexpected element (plist can only include one object)\" when the second object is inside <plist>. It usually comes from two plists concatenated or from a closing tag lost before the second object. This decoder keeps the first object as the root and reports the others without adding them to the tree."
        case .plistMissing:
            "The root object is not inside a <plist> element: the file starts directly with <dict>, <array> or another value. CF does not require the <plist> element and reads the object as the root, so Apple's reader accepts the file, but the plist DTD requires it and validating XML tools reject the file. Apple's writer always wraps the root in <plist version=\"1.0\">. The file was written by another tool or cut from a larger document; add the wrapper if other tools must read it."
        case .documentTrailingContent:
            "Bytes follow the end of the root element: more text, markup or junk after </plist> (whitespace and comments are not counted). CF stops reading after the first complete element and ignores the rest, so Apple reads the file as if the extra bytes were not there. Typical causes are a file overwritten by a shorter version without being truncated, two files concatenated, or padding added by a transfer. The bytes are not decoded here either; look at them to see where they came from."
        case .diagnosticsSuppressed:
            "More diagnostics of one id were found than this decoder records (1,000 per id); the rest were counted but not stored, so the report stays readable and memory stays bounded on a badly damaged file. The message names the id and how many were left out. It is not a problem of its own: the recorded diagnostics of that id show what is wrong, and fixing their cause usually removes the others too."
        case .dictKeyWithoutValue:
            "A <key> in a <dict> is followed by another <key> or by the end of the dictionary instead of a value. CF's reader fails with \"Value missing for key inside <dict>\", so Apple reads nothing from the file. The usual causes are a value element deleted while editing, a value of an unknown element that was skipped, or a damaged byte in the value's tag. This decoder leaves the key out of the dictionary; add the missing value."
        case .dictValueWithoutKey:
            "A value element in a <dict> is not preceded by a <key>, so keys and values no longer alternate. CF's reader fails with \"Found non-key inside <dict>\", so Apple reads nothing from the file. It usually follows a key that was deleted or damaged, or an array's content pasted into a dictionary. This decoder leaves the value out of the dictionary; add the key in front of it or remove the value."
        case .dictDuplicateKey:
            "The same key appears twice in one <dict>. CF's reader accepts the file and keeps the value of the last occurrence, so the earlier value is silently lost to Apple's reader. No Apple writer produces duplicate keys; they come from hand editing, from merging two dictionaries textually, or from a tool that does not check. The message gives where the key first appeared; decide which value is meant and remove the other."
        case .uidWide:
            "A dictionary whose only key is CF$UID is read as a UID (a keyed archive's object reference), and its integer does not fit in 32 bits. CF's reader keeps only the low 32 bits, so the reference silently points to another object than the number says. Apple's writers never produce such a value because archive UIDs are 32-bit. It comes from a damaged or hand-made archive, or from a plain dictionary that happens to use the key CF$UID; check which object was meant."
        default:
            "A dictionary whose only key is CF$UID is read as a UID (a keyed archive's object reference), and its integer is negative. CF's reader converts it to an unsigned 32-bit number, so -1 becomes 4294967295, which points past any real object table. Apple's writers never write negative UIDs; the value comes from a damaged or hand-made archive, or from a plain dictionary that uses the key CF$UID. The message gives the value CF reads."
        }
    }

    private var contentExplanation: String {
        switch self {
        case .stringControlCharacter:
            "A <string> or <key> holds raw C0 control characters (U+0000 to U+001F other than tab, line feed and carriage return). CF's writer escapes only <, > and &, so Apple's own tools write such characters as they are (Xcode's .xcuserstate files are full of U+0001), and CF's reader takes them back unchanged: for Apple the file is healthy. XML 1.0 forbids these characters, though, so Python's plistlib, libxml2 and other strict XML parsers reject the whole file. Nothing needs fixing for Apple's tools; if another tool must read the file, convert it to a binary plist (plutil -convert binary1), which has no such restriction."
        case .textInvalidUTF8:
            "The text of an element holds bytes that are not valid UTF-8: a stray byte of 0x80 or above, a truncated multi-byte sequence or an overlong form. CF converts the whole document to text before parsing and fails when the conversion does, so Apple's reader rejects the file. The usual causes are text pasted in another encoding (Latin-1, Windows-1252), a file whose XML declaration names the wrong encoding, or damaged bytes. This decoder shows each bad sequence as U+FFFD; re-encode the text as UTF-8."
        case .entityUnknown:
            "An entity reference such as &nbsp; or &copy; is not one CF knows. CF's reader understands only &lt; &gt; &amp; &apos; &quot; and numeric references (&#NNN; and &#xHHHH;), and fails on anything else with \"Encountered unknown ampersand-escape sequence\", because it never reads entity declarations. Such references come from HTML copied into a plist or from a writer that escapes too much. This decoder keeps the reference as written; replace it with the character itself or a numeric reference."
        case .entityUnterminated:
            "An '&' in text is not followed by an entity name and ';', as in AT&T or a URL query string written unescaped. XML requires a literal ampersand to be written as &amp;. CF's reader takes the '&' as the start of a reference and fails when the name that follows is not one it knows. The usual cause is a writer that does not escape ampersands, or hand editing. This decoder keeps the '&' and the text after it as written; escape it as &amp;."
        case .entityInvalidCodePoint:
            "A numeric character reference (&#NNN; or &#xHHHH;) names a number that is not a Unicode scalar value: a surrogate (D800 to DFFF) or a value above 10FFFF. CF's reader keeps only the low 16 bits of the number and stores that UTF-16 unit as it is, so it produces a lone surrogate or an unrelated character rather than an error; XML forbids such references and strict parsers reject the file. It usually comes from a writer that escaped UTF-16 units one by one. This decoder keeps the reference as written."
        case .contentMarkup:
            "A text element (<string>, <key>, <integer> …) contains markup that CF does not accept there: a comment, a processing instruction or a DOCTYPE, or a CDATA section or entity reference inside a number or date. CF's string reader handles only text, entity references and CDATA sections, so it fails on the rest, and number and date readers expect plain characters. The usual cause is hand editing or a generic XML tool that reformatted the file. Remove the markup from the element."
        case .elementEmpty:
            "An element that must have content is written empty, as <integer/>, <real/>, <date/>, <data/> or <plist/>. CF's reader fails on each of these (\"Encountered empty <data>\" and the like), while <string/>, <dict/>, <array/> and <true/> are fine. Apple's writer never produces them: an empty data value is written as <data></data>. A writer that collapses every empty element, or a value lost in editing, is the usual cause. Write the element with content, or use <data></data> for empty data."
        case .boolNotEmpty:
            "A <true> or <false> element has content, as in <true>yes</true>. The element itself is the value and must be empty; CF's reader expects the closing tag right after the opening one and fails otherwise. It is typical of hand-written plists and of tools that confuse the format with one where booleans hold text. This decoder uses the element's name as the value and ignores the content; write <true/> or <false/>."
        case .integerEmpty:
            "An <integer> element holds no digits, only whitespace or a sign. CF's reader fails with \"Encountered empty <integer>\" or \"Incomplete <integer>\". The usual cause is a writer that emitted a missing number as empty text, or a value deleted while editing. This decoder gives the element no value; put the number in, or remove the entry."
        case .integerInvalid:
            "An <integer> holds characters that are not part of a number: CF accepts optional whitespace and a sign, then decimal digits, or 0x followed by hexadecimal digits, and nothing else. Anything more (a decimal point, a unit, a hex digit in a decimal number) makes CF's reader fail with \"Unknown character … in <integer>\" or \"Hex digit in non-hex <integer>\". A real number written as an integer, or a value from another format, is the usual cause. Fix the number, or use <real> for fractions."
        case .integerOverflow:
            "An <integer> does not fit in 64 bits: it is above 18446744073709551615, or a negative number below -9223372036854775808. CF's reader fails with \"Integer overflow\" or \"Integer underflow\" rather than wrap the value. Apple's writers never produce such numbers. They come from another tool's larger integers, from two numbers run together, or from damaged digits. This decoder gives the element no value; check where the number came from."
        case .realInvalid:
            "A <real> element is not a number CF can read. CF accepts decimal numbers with an optional exponent, and also nan, inf, +inf, -inf, infinity, +infinity and -infinity in any case; anything else, such as two decimal points, a comma as decimal separator or trailing text, makes it fail with \"Encountered misformatted real\". Locale-dependent formatting in a writer is a common cause. This decoder gives the element no value; write the number with a point."
        case .dateInvalid:
            "A <date> is not in the only form CF reads, YYYY-MM-DDTHH:MM:SSZ in UTC with an optional minus sign before the year. CF's reader fails on anything else: a space instead of T, a time zone offset, fractional seconds or a missing Z. Apple's writer always produces the full form with whole seconds. Dates from other tools or edited by hand are the usual cause. The message says which character was expected where; rewrite the date in that form."
        case .dateTruncated:
            "A <date> stops before the seconds, as in 2020-05Z: the plist DTD and Python's plistlib allow dropping the smaller fields, but CF requires all six (year, month, day, hour, minute, second) and the final Z, so Apple's reader rejects the file. Apple's writer always writes the full form. The date was made by another tool that uses the DTD's short forms. This decoder reads the missing fields as their lowest values; write the full date."
        case .dateOutOfRange:
            "A <date> has a field outside its range, such as month 13, February 30 or hour 24. CF's reader does not check the ranges: it converts the fields as given, so the excess carries over into the next larger unit (February 30 becomes 1 or 2 March). Apple's writer never produces such a date. It comes from another tool's arithmetic or from hand editing. The message names the fields out of range; this decoder carries over the same way."
        case .dataInvalidCharacter:
            "A <data> element holds bytes of 0x80 or above, which cannot be part of base64 text. CF's base64 decoder stops at such a byte and fails with \"Could not interpret <data> (should be base64-encoded)\", so Apple's reader rejects the file. The usual cause is binary data written into the element without encoding it, or text damaged in transit. This decoder decodes the rest without those bytes; re-encode the data as base64."
        case .dataIgnoredCharacter:
            "A <data> element holds ASCII characters outside the base64 alphabet other than whitespace, for example '.', '-' or '_' (the URL-safe alphabet). CF's base64 decoder skips every such character without complaint, so Apple reads the data, but the result may not be what the writer meant, and a writer that used another alphabet lost those characters' bits. Apple's writer uses only the standard alphabet. This decoder skips the characters as CF does; re-encode the data with the standard alphabet."
        default:
            "A <data> element's base64 text does not end on a complete group of four characters: one to three digits are left over after the last full group and no '=' padding completes them. CF's decoder drops the leftover digits, so the data Apple reads is up to two bytes shorter than the writer may have meant. Apple's writer always pads to whole groups. The usual causes are a truncated value or a writer that omits padding; check the length of the decoded data."
        }
    }
}
