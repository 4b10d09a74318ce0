/// The container format of an input, decided from its content (never from its name): the typed
/// identity of a format. What each case is called, how it is detected and opened is its descriptor's
/// (`FormatDescriptor`, listed in `FormatRegistry`); `.empty` and `.unknown` belong to no format.
public enum ContainerFormat: Hashable, Sendable {
    case binaryPlist
    /// A `bplist` header with a version this tool does not decode (`bplist15`, `bplist16`, `bplist17`…).
    case binaryPlistVariant(version: String)
    case xmlPlist
    case openStepPlist
    /// NSArchiver typedstream; `bigEndian` is true for the `typedstream` signature.
    case typedstream(bigEndian: Bool)
    case nibArchive
    /// An Interface Builder 3 XML archive (an old `.xib`, a `designable.nib`): `IB3XML/`.
    case ib3Archive
    /// An Interface Builder source document of Xcode 5 and later (`.xib`, `.storyboard`): recognised, not decoded.
    case interfaceBuilderDocument
    case gnustepArchive
    /// CFURL bookmark data (`book`), or with `alias` a classic Alias Manager record (`BookmarkGraph`).
    case bookmark(alias: Bool)
    /// An Apple format recognised by its signature and not decoded (`AppleFormat`: the table).
    case apple(AppleFormat)
    case empty
    case unknown

    /// Whether the input is bookmark data or an alias record (a record, not an archive).
    package var isBookmark: Bool {
        if case .bookmark = self { return true }
        return false
    }
}

/// Two lowercase hex digits.
@inline(__always)
package func byteHex(_ b: UInt8) -> String {
    let digits = Array("0123456789abcdef".utf8)
    return String(decoding: [digits[Int(b >> 4)], digits[Int(b & 0xF)]], as: UTF8.self)
}
