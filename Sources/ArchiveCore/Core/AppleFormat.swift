/// Apple's formats that sit beside archives and that this tool recognises but does not decode: the
/// one table of recognitions that are not damage (issue 36 item 4). A file in one of them is named as
/// that format in one note and exit status 2, never `damage.wrong-content`, which is for content that
/// has no business where an archive was expected (an HTML page, JSON, an image: `ForeignContent`).
///
/// The table: the cases below, recognised by signature (`identify`, which `FormatDetector` consults
/// after the formats it decodes), each a `ContainerFormat.apple` with the note
/// `format.apple.not-decoded`; and three recognised by their own detection, each with its own note:
/// the XPC binary plists `bplist15`/`16`/`17` (`ContainerFormat.binaryPlistVariant`, FormatDetector's
/// bplist test), GNUstep archives (`.gnustepArchive`) and Xcode 5+ Interface Builder documents
/// (`.interfaceBuilderDocument`, `IB3XMLProbe`). `ContainerFormat.isRecognised` says whether a format
/// is one of them; `ForeignContent` consults it and calls none of them foreign.
public enum AppleFormat: String, Sendable, CaseIterable {
    case appleSingle
    case appleDouble
    case desktopServicesStore
    case bomStore
    case xar
    case appleArchive
    case appleEncryptedArchive
    case pbzx
    case udifTrailer
    case keychain

    /// What the format is, with an article: "an AppleDouble file".
    public var description: String {
        switch self {
        case .appleSingle: "an AppleSingle file (a file's data, resource fork and Finder info in one)"
        case .appleDouble: "an AppleDouble file (the ._ companion that holds a file's resource fork and Finder info off a Mac disk)"
        case .desktopServicesStore: "a Finder .DS_Store file (Desktop Services store, \"Bud1\")"
        case .bomStore: "a BOM store (an asset catalog .car, or an installer's bill of materials .bom)"
        case .xar: "a xar archive (an installer .pkg or a .xip)"
        case .appleArchive: "an Apple Archive (.aar)"
        case .appleEncryptedArchive: "an Apple Encrypted Archive (.aea)"
        case .pbzx: "a pbzx stream (an installer or update Payload)"
        case .udifTrailer: "a disk image (UDIF) trailer (the \"koly\" block that ends a .dmg)"
        case .keychain: "a Keychain database (.keychain, \"kych\")"
        }
    }

    /// The stable short name `--json` gives the format (after `apple-`): `apple-appledouble`.
    public var jsonName: String {
        switch self {
        case .appleSingle: "applesingle"
        case .appleDouble: "appledouble"
        case .desktopServicesStore: "ds-store"
        case .bomStore: "bom-store"
        case .xar: "xar"
        case .appleArchive: "aar"
        case .appleEncryptedArchive: "aea"
        case .pbzx: "pbzx"
        case .udifTrailer: "udif-trailer"
        case .keychain: "keychain"
        }
    }

    /// The signature and where it sits.
    var signature: (bytes: [UInt8], at: Int) {
        switch self {
        case .appleSingle: ([0x00, 0x05, 0x16, 0x00], 0)
        case .appleDouble: ([0x00, 0x05, 0x16, 0x07], 0)
        case .desktopServicesStore: ([0x00, 0x00, 0x00, 0x01] + Array("Bud1".utf8), 0)
        case .bomStore: (Array("BOMStore".utf8), 0)
        case .xar: (Array("xar!".utf8), 0)
        case .appleArchive: (Array("AA01".utf8), 0)
        case .appleEncryptedArchive: (Array("AEA1".utf8), 0)
        case .pbzx: (Array("pbzx".utf8), 0)
        case .udifTrailer: (Array("koly".utf8), 0)
        case .keychain: (Array("kych".utf8), 0)
        }
    }

    /// Whether the signature is all printable ASCII, so that text could start with it too: then a
    /// byte no text has must follow in the next 8 bytes (each of these formats has a binary length or
    /// version field there).
    var signatureIsText: Bool { signature.bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }

    /// The format `bytes` start with, if one of the table's.
    package static func identify(_ bytes: InputBytes) -> AppleFormat? {
        allCases.first { format in
            let (signature, at) = format.signature
            guard bytes.matches(signature, at: at) else { return false }
            guard format.signatureIsText else { return true }
            let next = at + signature.count
            return bytes.bytes(in: ByteRange(next, next + 8)).contains { $0 < 0x09 || ($0 > 0x0D && $0 < 0x20) || $0 >= 0x7F }
        }
    }

    /// The note for a file in the format: what it is, and that it is not decoded (never damage).
    package func note(_ input: InputBytes) -> Diagnostic {
        let (signature, at) = self.signature
        return Diagnostic(DocumentCode.appleFormat,
                          "this is \(description), an Apple format this tool recognises but does not decode (not an archive); "
                          + "identified by the signature " + signature.map { byteHex($0) }.joined(separator: " ") + " at offset \(at)",
                          range: ByteRange(start: at, count: signature.count))
    }
}
