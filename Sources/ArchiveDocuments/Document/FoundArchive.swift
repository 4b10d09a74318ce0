import ArchiveCore

/// An archive found inside a document (or, later, a source): its bytes, format and place, and where
/// those bytes are in the parent's input.
package struct FoundArchive: Sendable, Hashable {
    /// Where it was found in the parent.
    package var place: ArchivePlace
    /// The archive's bytes, as the parent decodes them (base64 in an XML plist decoded).
    package var bytes: [UInt8]
    /// The format detected from the first bytes.
    package var format: ContainerFormat
    /// The bytes of the parent's input the data was read from (the data object or the field): where
    /// the archive's diagnostics are placed when its bytes do not lie in the input as they are.
    package var range: ByteRange?
    /// Where `bytes` start in the parent's input when they lie there as they are; nil when the parent
    /// holds them encoded (base64 in an XML plist, hex in an OpenStep plist).
    package var offset: Int?
}
