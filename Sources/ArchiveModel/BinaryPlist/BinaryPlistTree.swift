/// A bplist00 file opened lazily: opening validates the header, trailer and offset table only; each
/// object is decoded when `node(_:)` asks for it.
public final class BinaryPlistTree: PlistTree, @unchecked Sendable {
    // Safety: immutable after init; decoding reads the immutable input only.
    public let input: InputBytes
    public let openDiagnostics: [Diagnostic]
    let layout: BinaryPlistLayout?

    /// Opens `input` (which must start with `bplist`).
    public init(_ input: InputBytes) {
        self.input = input
        var diagnostics: [Diagnostic] = []
        layout = BinaryPlistLayout.open(input, diagnostics: &diagnostics)
        openDiagnostics = diagnostics
    }

    public var format: ContainerFormat { .binaryPlist }
    public var nodeCount: Int { layout?.objectCount ?? 0 }
    public var rootID: Int? { layout?.topObject }
    /// The parsed trailer, when the file has one.
    public var trailer: BinaryPlistTrailer? { BinaryPlistTrailer(input) }
    /// Start of the offset table as used (after any recovery).
    public var offsetTableOffset: Int? { layout?.tableOffset }

    public func node(_ id: Int) -> PlistNode {
        guard let layout else { return PlistNode(.invalid("the file has no readable object table"), range: nil) }
        return BinaryPlistObjectDecoder(input: input, layout: layout).decode(id: id)
    }

    /// The byte range of the offset-table entry of object `id`.
    public func tableEntryRange(of id: Int) -> ByteRange? { layout?.tableEntryRange(of: id) }

    public func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] {
        guard let layout else { return openDiagnostics }
        var check = BinaryPlistFullCheck(tree: self, layout: layout)
        guard let found = check.run(progress: progress) else { return openDiagnostics }
        return (openDiagnostics + found).sortedByOffset()
    }
}
