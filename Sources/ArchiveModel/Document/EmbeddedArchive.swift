/// Archives stored inside data values (a keyed archive in an NSData, an iMessage typedstream in a
/// plist, a bplist inside a bplist): detected by content and opened as nested documents.
public enum EmbeddedArchive {
    /// The format of `bytes` when they hold an archive this tool decodes (binary plist, typedstream, or
    /// an XML plist), else nil. Text that merely looks like OpenStep is not treated as an archive.
    public static func format(of bytes: [UInt8]) -> ContainerFormat? {
        guard bytes.count >= 8 else { return nil }
        let format = FormatDetector.detect(InputBytes(bytes.prefix(64)))
        switch format {
        case .binaryPlist, .typedstream: return format
        case .xmlPlist: return bytes.count >= 20 ? format : nil
        default: return nil
        }
    }

    /// Opens `bytes` as a nested document named after where it was found (e.g. `#12.NS.data`).
    public static func open(_ bytes: [UInt8], name: String) -> ArchiveDocument {
        ArchiveDocument.open(InputBytes(bytes), name: name)
    }

    /// The embedded archive of an object's value (bare data objects), if any.
    public static func data(of object: GraphObject) -> [UInt8]? {
        if case .data(let bytes)? = object.value, format(of: bytes) != nil { return bytes }
        return nil
    }

    /// The embedded archive of an object: a bare data value, or the bytes of an NSData/NSMutableData
    /// instance (keyed `NS.data`, typedstream `[Nc]`), if they hold an archive.
    public static func data(of object: GraphObject, in graph: any ObjectGraph) -> [UInt8]? {
        if let bytes = DataPresenter.bytes(of: object, in: graph), format(of: bytes) != nil { return bytes }
        return nil
    }

}
