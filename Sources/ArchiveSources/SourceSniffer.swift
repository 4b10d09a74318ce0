import ArchiveCore
import ArchiveDocuments

/// Decides from the first bytes of a file, ZIP entry or database cell what it is: an archive this
/// tool decodes (maybe inside a base64, hex, gzip or zlib wrapper), a ZIP file, an SQLite database,
/// or nothing of interest. Judged by content; a name is consulted only for OpenStep text, which
/// otherwise looks like any text file.
package enum SourceSniffer {
    /// What a file or value holds.
    package enum Kind: Hashable, Sendable {
        case archive(ContainerFormat, wrapper: String?)
        case zip
        case sqlite
    }

    /// How many first bytes `classify` looks at (an XML plist's `<plist` may follow a long comment).
    static let headSize = 4096

    static let zipLocalHeader: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
    static let zipEmptyEnd: [UInt8] = [0x50, 0x4B, 0x05, 0x06]
    static let sqliteHeader: [UInt8] = Array("SQLite format 3".utf8) + [0]

    /// What `head` (the first up to `headSize` bytes) holds; `name` is the file or entry name, if any.
    package static func classify(head: [UInt8], name: [UInt8]? = nil) -> Kind? {
        let input = InputBytes(head)
        if input.matches(zipLocalHeader) || input.matches(zipEmptyEnd) { return .zip }
        if input.matches(sqliteHeader) { return .sqlite }
        if let format = archiveFormat(head, name: name) { return .archive(format, wrapper: nil) }
        guard head.count >= 8, let unwrapped = Unwrapper.unwrap(input) else { return nil }
        let inner = Array(unwrapped.bytes(in: ByteRange(0, Swift.min(unwrapped.count, headSize))))
        guard let format = archiveFormat(inner, name: nil, inflated: true) else { return nil }
        return .archive(format, wrapper: unwrapped.wrappers.map(\.kind.rawValue).joined(separator: " › "))
    }

    /// The archive format `head` starts with, when its descriptor (`FormatRegistry`) decodes it and the
    /// bytes show it (`FormatDescriptor.evidence`): a signature or a structure that fits (binary plist,
    /// typedstream, NIBArchive, bookmark data, alias records) in at least 8 bytes, the format's own
    /// markup (`<plist` or `<dict>`, an IB3 archive's root element), text of a format's shape only
    /// (OpenStep) under one of its names (`sourceNameSuffixes`) or inside a compressed wrapper, whose
    /// checksum already says it was meant. A format that is recognised but not decoded (`AppleFormat`)
    /// is not listed.
    static func archiveFormat(_ head: [UInt8], name: [UInt8]?, inflated: Bool = false) -> ContainerFormat? {
        guard !head.isEmpty else { return nil }
        let format = FormatDetector.detect(InputBytes(head))
        guard let descriptor = FormatRegistry.descriptor(for: format), descriptor.isDecodable(format),
              let evidence = descriptor.evidence(of: format, in: head) else { return nil }
        switch evidence {
        case .signature, .structure:
            return head.count >= 8 ? format : nil
        case .markup:
            return format
        case .shape:
            if inflated { return format }
            guard let name else { return nil }
            let lower = name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
            return descriptor.sourceNameSuffixes.contains { lower.count > $0.utf8.count && lower.suffix($0.utf8.count).elementsEqual($0.utf8) } ? format : nil
        }
    }
}
