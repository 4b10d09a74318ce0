import ArchiveCore

// Facts from CoreFoundation's CFBinaryPList.c (`__CFBinaryPlistGetTopLevelInfo`,
// `__CFBinaryPlistCreateObjectFiltered`, the writer `__CFBinaryPlistWriteOrPresize`), FORMATS.md A.
extension BinaryPlistCode {
    /// The `--explain` paragraph: what it means, what Apple's reader does, usual causes, what to do.
    package var explanation: String {
        switch self {
        case .headerVersion: """
            The file starts with "bplist0" but its eighth byte is not "0", so the header reads bplist01, bplist0x or the like \
            instead of bplist00. CoreFoundation's reader (__CFBinaryPlistGetTopLevelInfo) compares only the first seven bytes, \
            so macOS reads the file as an ordinary bplist00; a comment there says every release since Snow Leopard accepts any \
            "bplist0?". Python's plistlib and rust-plist require exactly "bplist00" and refuse it. No Apple writer puts another \
            version there, so the byte was changed by a third-party writer, by hand or by damage to the header. The rest of the \
            file is decoded as bplist00; if nothing else is wrong, writing "0" (0x30) at offset 7 makes every reader accept it.
            """
        case .headerMagicDamaged: """
            The file does not start with "bplist", so CoreFoundation, Python's plistlib and every other reader refuse it \
            outright. But its last 32 bytes are a valid bplist00 trailer whose offset table ends exactly where the trailer \
            starts, which practically never happens by chance: the body of the file is a binary plist and only its first \
            bytes were lost. Usual causes are a carved or recovered file whose first block was zeroed or belongs to another \
            file, a transfer that overwrote the start, or a writer that put its own header there. This tool decodes the file \
            as bplist00 from its trailer, so everything after the header can be read and checked. Writing "bplist00" over the \
            first 8 bytes makes it readable everywhere, provided the first object (at the offset the table gives for object 0, \
            normally 8) is intact.
            """
        case .fileTooShort: """
            A binary plist needs at least 41 bytes: the 8-byte header, one byte of object data and the 32-byte trailer that \
            says where the offset table and the top object are. CoreFoundation refuses anything shorter before looking further, \
            and without a trailer this tool has no object to show either. A file this short has almost always been cut off: an \
            interrupted download or copy, a carved fragment, or a buffer saved before it was filled. Look for the complete \
            file; if only this fragment exists, the hex view shows the bytes that survived.
            """
        case .trailerUnusedNonzero: """
            The trailer's first six bytes (five unused bytes and the sort-version byte, trailer offsets 0-5) are not all zero. \
            Apple's writer always writes zeros there, but CoreFoundation ignores these bytes (only Leopard demanded zeros) and \
            Python skips them, so the file still reads everywhere. Non-zero bytes here come from a third-party writer that \
            stores something of its own, or show that the last 32 bytes of the file are not the trailer at all, for example \
            when bytes were appended after it or the file was cut short; other trailer diagnostics then appear too. On its own \
            this note needs no action.
            """
        case .trailerOffsetIntSize: """
            Trailer byte 6 gives the width in bytes of each offset-table entry. CoreFoundation requires at least 1 and reads \
            any width from there, keeping the low 64 bits; Apple's writer always picks the smallest of 1, 2, 4 or 8 that \
            reaches the offset table. A width of 0, which CF rejects, or above 16, which this tool does not read, is an error, \
            and the objects are then found by scanning instead. Any other width is a note: CF reads \
            it, but the file comes from a third-party encoder (rust-plist mentions one that writes 3-byte offsets) or the \
            byte is damaged. If the other trailer fields look wrong too, the last 32 bytes are probably not the real trailer.
            """
        case .trailerObjectRefSize: """
            Trailer byte 7 gives the width in bytes of every object reference inside arrays, sets and dictionaries. \
            CoreFoundation requires at least 1 and reads any width from there; Apple's writer always picks the smallest of 1, \
            2, 4 or 8 that can number every object, and rust-plist accepts only those four. A width of 0, which CF rejects, \
            or above 16, which this tool does not read, is an error, and the objects are then found by scanning, with \
            references read one byte wide. Any other width is a note: CF reads it, but a third-party writer \
            made the file or the byte is damaged. If the other trailer fields look wrong too, suspect the whole trailer.
            """
        case .trailerTableOffset: """
            Trailer bytes 24-31 give the offset of the offset table, which must come after the header and at least one byte \
            of objects (offset 9 or more) and before the trailer. CoreFoundation checks exactly this when it opens the file \
            and otherwise rejects it ("binary data is corrupt"). A value outside that range usually means the trailer is not \
            where readers look for it: the file was truncated or had bytes appended, so its last 32 bytes are something else, \
            or it is a carved fragment. This tool cannot use the offset table and scans the object area from offset 8 \
            instead, so the objects are still shown but their numbers and references are guesses. Check the file's length \
            against its source.
            """
        case .trailerNoObjects: """
            Trailer bytes 8-15 give the number of objects, and it is 0. Every property list has at least its top object, so \
            CoreFoundation rejects the file, and no writer produces this. A zero count usually means the trailer was zeroed \
            or the last 32 bytes of the file are padding rather than the trailer: a file padded to a block size, or one \
            preallocated by a writer that never finished. This tool falls back to scanning the object area from offset 8, so \
            whatever objects exist can still be seen, with object numbers that are only a guess.
            """
        case .trailerSizeMismatch: """
            CoreFoundation requires the file to be exactly as long as the trailer implies: the offset of the offset table, \
            plus the object count times the entry width, plus the 32-byte trailer, with no gap and nothing after it (check 9 \
            of __CFBinaryPlistGetTopLevelInfo). Here the numbers disagree, so macOS refuses the whole file even when every \
            object is intact. The usual causes are bytes appended after the trailer (a transfer that padded the file, two \
            files joined), a truncated file whose last 32 bytes are not the real trailer, or a damaged object count. This tool \
            still reads the table as far as it fits. If bytes were only appended, cutting the file right after the real \
            trailer repairs it.
            """
        case .trailerTopObject: """
            Trailer bytes 16-23 give the number of the top (root) object, and it is not below the object count, so it names \
            no entry of the offset table. CoreFoundation rejects the file when it opens it. Apple's writer always makes the \
            root object 0, so the value is damaged, or the last 32 bytes of the file are not the real trailer. This tool has \
            no root to start from: the objects are still listed by number, but it cannot tell which of them the root would \
            reach. Object 0 is the most likely root.
            """
        case .trailerTopObjectNonzero: """
            The top object is not object 0. CoreFoundation reads any top object below the object count, so the file is fine \
            for Apple's reader, but CF's writer always sets this trailer field to 0 and writes the root first, as Python's \
            and most other writers do. A non-zero value points to a third-party or hand-made writer, or to a file whose \
            offset table was rearranged after it was written. Nothing needs fixing; it is a hint about where the file came \
            from.
            """
        case .trailerTopObjectOffset: """
            The offset-table entry of the top object points outside the object area: before offset 8, into the header, or at \
            or past the start of the offset table. CoreFoundation checks this when it opens the file and rejects it. The \
            entry is damaged (a flipped bit, a partly overwritten table), or the table is read with the wrong width because \
            trailer byte 6 is wrong. The root cannot be read, though the other objects may still decode. The range is the \
            damaged table entry.
            """
        case .trailerRefSizeTooSmall: """
            With references narrower than 8 bytes, a reference can only name objects below 2^(8 × width), yet the trailer \
            claims at least that many objects, so some of them could never be referred to. CoreFoundation rejects the file \
            (check 10 of __CFBinaryPlistGetTopLevelInfo). Apple's writer chooses the width from the object count and never \
            produces this. Either the object count or the width byte is damaged; compare the count with the entries the \
            offset table really holds (bplist.trailer.size-mismatch and bplist.table.truncated often come with it).
            """
        case .trailerOffsetSizeTooSmall: """
            With offset-table entries narrower than 8 bytes, an entry can only hold offsets below 2^(8 × width), yet the \
            offset table itself starts at or beyond that, so the last objects could not be located. CoreFoundation rejects the \
            file (check 11 of __CFBinaryPlistGetTopLevelInfo). Apple's writer chooses the width from the table's offset and \
            never produces this. The width byte or the table offset in the trailer is damaged, or bytes were inserted before \
            the table after the file was written.
            """
        case .tableTruncated: """
            The trailer claims more objects than the offset table has room for: that many entries of the given width do not \
            fit between the table's start and the trailer. CoreFoundation rejects such a file, whose length cannot match. This \
            tool reads the entries that fit; the objects numbered beyond them cannot be located, and references to them are \
            reported as out of range. Typical causes are a file cut short, so the trailer found is not the original one, a \
            damaged object count, or a table partly overwritten by other data.
            """
        case .trailerCut: """
            The file lost its last bytes (fewer than 32), so its trailer is incomplete, and the last 32 bytes read as a \
            trailer are shifted garbage: a file one byte short reads an offset width of 0 and takes the real offset width for \
            the reference width. CoreFoundation reads the trailer from the last 32 bytes and rejects the file. This tool \
            finds the trailer's start instead (its six zero bytes right after an offset table whose entries run back to \
            offset 8) and takes the widths, object count and top object from what survived of it, or from the table and \
            Apple's writer's rules, so every object reads. Restore the missing bytes from another copy, or rewrite the file \
            from what this tool shows.
            """
        case .trailerFieldDamaged: """
            The trailer's offset-table offset or object count does not fit the file, and the offset table that is there \
            shows which: Apple's writer puts the table right before the trailer, its first entry pointing at offset 8 and \
            each entry larger than the one before. When a table of the claimed count ends at the trailer, the table offset \
            is the damaged field; when the entries from the claimed offset to the trailer form such a table, the object \
            count is. CoreFoundation checks that the numbers fit and rejects the file. This tool names the damaged field, \
            gives the value the table implies and reads the file with it, so every object shows. Writing that value into \
            the field repairs the file.
            """
        case .scanNothing: """
            The trailer or the offset table cannot be used, so this tool walked the object area from offset 8 looking for \
            objects laid end to end, as CoreFoundation's writer lays them out, but no object could be decoded at offset 8. \
            Nothing of the file can be shown as objects, and CF rejects it too. The data after the header is probably not a \
            binary plist at all: another format behind a bplist header, encrypted or compressed bytes, or zeros left by an \
            unfinished write. The hex view shows what is there.
            """
        case .scanRecovered: """
            The trailer or the offset table cannot be used (the errors on the trailer say why), so this tool recovered the \
            objects by decoding them one after another from offset 8, in the order CoreFoundation's writer lays them out. CF \
            itself rejects the file. The objects shown are real bytes of the file, but their numbers are their positions in \
            the scan, so references between them are only a best guess: they point at the wrong objects whenever the writer \
            did not write objects in table order or an object could not be decoded. Treat the recovered tree as a lead for a \
            repair, not as the file's content.
            """
        default:
            objectExplanation
        }
    }
}
