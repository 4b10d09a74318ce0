extension DocumentCode {
    /// The `--explain` paragraph: what it means, what Apple's readers do, usual causes, what to do.
    package var explanation: String {
        switch self {
        case .empty: """
            The input has no bytes at all. No property list or archive is empty (the smallest binary plist is 41 bytes, \
            the smallest typedstream header 16), so Apple's readers reject it and there is nothing to decode. An empty file \
            usually comes from a save that failed, a copy or download that created the file but transferred nothing, a \
            zero-length attachment or database blob, or a pipe that produced no output. Check that the right path was given \
            and look for the original data.
            """
        case .unknown: """
            The first bytes match none of the formats this tool decodes: a binary plist ("bplist0"), an XML plist, an \
            OpenStep (ASCII) plist or a typedstream (0x04 0x0B "streamtyped"). The message shows the first 16 bytes. Often \
            the archive is wrapped in something else: compressed (gzip data starts 1f 8b), base64-encoded, stored with a \
            header of a database or transport frame, or encrypted. When an archive this tool reads starts further in, a \
            separate note says where and the browser opens it with o. Otherwise unwrap the data first, then open the archive.
            """
        case .bplistVariant: """
            The file starts with "bplist" but its version is not 0x. The versions 15, 16 and 17 are private binary plist \
            formats of Apple's XPC services: Apple's own components write and read them, but CoreFoundation's public reader \
            accepts only "bplist0?". This tool recognises them without decoding them, so for them the diagnostic is a note \
            that says what the file is. Any other version is no known format and is reported as an error: the header is \
            probably damaged (a bplist00 whose seventh byte changed), and the hex view shows whether a bplist00 trailer \
            follows.
            """
        case .gnustepArchive: """
            The file starts with "GNUstep archive", the header of GNUstep's NSArchiver. GNUstep's archiver writes its own \
            format, which differs from Apple's typedstream in its header, type encodings and object tables, so Apple's \
            NSUnarchiver cannot read it, and this tool does not decode it either. Open it with GNUstep's NSUnarchiver, or \
            have GNUstep re-archive the data with NSKeyedArchiver, whose output this tool reads.
            """
        case .appleFormat: """
            The file is in one of the formats Apple writes beside archives and property lists that this tool recognises \
            by its signature but does not decode: an AppleSingle or AppleDouble file (the ._ companions a copy off a Mac \
            disk leaves), a Finder .DS_Store, a BOM store (asset catalogs .car, installer .bom files), a xar archive (.pkg, \
            .xip), an Apple Archive or Apple Encrypted Archive, a pbzx payload, a disk image's koly trailer or a Keychain \
            database. The file is not damaged and is not an archive: the note names it so that it is not mistaken for a \
            broken plist, and the exit status is 2 as for any input that is not decoded. Open it with the tool made for it \
            (xattr or dot_clean for AppleDouble, assetutil for .car, pkgutil or xar for .pkg, aa for .aar, hdiutil for a \
            disk image, the security tool for a keychain).
            """
        case .archiveInside: """
            The input as a whole is in no format this tool reads, but a binary plist, typedstream, NIBArchive or XML plist starts further \
            in, within its first MiB. Such a file is usually an archive behind a header of another format: a database or \
            cache record, a network or transport frame, or a block carved from a disk image with other bytes before it. The \
            browser opens the inner archive with o; the range marks its first bytes. The note says nothing about the inner \
            archive's health: open it to check it.
            """
        case .embeddedBudget: """
            The full check (--check, --json and the browser's check) also decodes archives stored in data values, such as a \
            keyed archive in an NSData or a binary plist inside a binary plist, and reports their problems on the object \
            holding them. To bound the work on hostile input, the embedded bytes checked for one file are limited to four \
            times the file's size plus 64 MiB, and content repeated under several objects is checked once. Past that budget \
            the remaining embedded archives are skipped and this note counts them; their problems are not reported. Open such \
            an archive with o in the browser to see its own diagnostics.
            """
        case .diagnosticsSuppressed: """
            A damaged or foreign file can give the same problem at every byte or object: a text file that starts with a \
            brace makes every word an error, a zeroed table makes every reference dangle. Each producer stores the first \
            1000 diagnostics of an id, in file order, and only counts the rest, so that such a file costs memory in \
            proportion to its size rather than to its problems; this note says how many of the id were left out. The \
            stored ones show where the problem starts; --json gives the counts by id under "suppressed". The cause is \
            usually one whole-file problem (a damage.* diagnostic, or a file that is not an archive at all): read that first.
            """
        case .objectInvalid: """
            An object of a plain (non-archive) property list could not be decoded, and no more specific diagnostic says why; \
            the message gives the reason, such as an object number without a usable offset-table entry. Apple's reader would \
            fail on the file if the top object reaches this object. It is usually a consequence of damage reported elsewhere, \
            on the trailer or offset table of a binary plist or on the markup of a text plist: read those diagnostics first.
            """
        }
    }
}
