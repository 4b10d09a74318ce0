extension TextEncodingCode {
    /// The `--explain` paragraph: what it means, what Apple's reader does, usual causes, what to do.
    package var explanation: String {
        switch self {
        case .noByteOrderMark: """
            The file is UTF-16 or UTF-32 text without a byte-order mark: its encoding was recognised from the zero bytes \
            around its first characters (00 3C is a UTF-16 big-endian "<", 3C 00 00 00 a UTF-32 little-endian one), as the \
            XML specification suggests, and this tool decodes it that way. CF's reader is less careful: when either of the \
            first two bytes is zero it takes the file for UTF-16 without looking further, and UTF-16 without a mark is read \
            as big-endian, so a little-endian or UTF-32 file without a mark is very likely misread and rejected by Apple's \
            reader. Editors and scripts that write "UTF-16LE" or "UTF-32" write no mark. Re-save the file with a \
            byte-order mark, or as UTF-8 (for example `plutil -convert xml1`).
            """
        case .partialUnit: """
            A UTF-16 file has an odd number of bytes, or a UTF-32 file a length that is not a multiple of 4 (after the \
            byte-order mark), so its last bytes are part of a code unit that is not there. The usual cause is a file cut \
            short (an interrupted copy or download, a size limit), sometimes a UTF-8 byte appended by a tool that did not \
            know the encoding. CF converts the whole file to text before parsing, and that conversion fails on a partial \
            unit, so Apple's reader rejects the file. This decoder reads the whole units and leaves the partial one out; \
            what follows it in the report (an unclosed element or dictionary) is usually the same cut. Restore the file \
            from a complete copy.
            """
        case .unpairedSurrogate: """
            UTF-16 writes characters beyond U+FFFF as two units, a high surrogate (D800 to DBFF) followed by a low one \
            (DC00 to DFFF). Here one half stands alone: a high surrogate not followed by a low one, or a low one with no \
            high one before it. Such text has no UTF-8 form, and CF converts the file to UTF-8 before parsing, so the \
            conversion stops or fails there and Apple's reader is likely to reject the file or lose the text after it. \
            Causes are a string cut between the two halves (by a tool that counts UTF-16 units), damaged bytes, or a file \
            whose byte order was misjudged. This decoder shows the unit as U+FFFD and reads on; fix or remove the \
            character.
            """
        case .invalidScalar: """
            A 4-byte unit of a UTF-32 file holds a value that is not a Unicode scalar: a surrogate (D800 to DFFF), which \
            UTF-32 must not contain, or a number above 10FFFF, beyond the Unicode range. CF's conversion of the file to \
            text fails on it, so Apple's reader rejects the file. It comes from damaged bytes, binary data in the file, or \
            a file that is not UTF-32 at all (UTF-16 or binary whose first bytes happened to look like UTF-32). This \
            decoder shows the unit as U+FFFD and reads on.
            """
        }
    }
}
