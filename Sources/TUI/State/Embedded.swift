import ArchiveModel

/// An archive found in the focused row's data, to be opened as a nested browser.
public struct EmbeddedRequest: Sendable, Hashable {
    /// The archive, as `EmbeddedArchives` found it (bytes, format, place, offset in the holding input).
    package var archive: FoundArchive
    /// Where it was found, display-safe: the holding object and the row's label (`#12 NS.data`).
    public var location: String

    /// The archive's bytes.
    public var bytes: [UInt8] { archive.bytes }
    public var format: ContainerFormat { archive.format }
    /// Where its bytes start in the input of the archive holding it, when they lie there as they are
    /// (not when base64 in an XML plist).
    public var offset: Int? { archive.offset }
}

/// What the session stack should do after an action: open a nested archive, or close this one.
public enum SessionRequest: Sendable, Hashable {
    case open(EmbeddedRequest)
    /// The file read with its reversible damage undone (`R`).
    case openRepaired(RepairedReading)
    /// Back to the outer archive (or quit when this is the outermost).
    case close
}

/// Rows whose data holds an archive (a keyed archive in an NSData, a typedstream in a plist …), as
/// `EmbeddedArchives` finds them for every front end.
enum Embedded {
    /// The archive behind `node`, a row whose parent lists the fields of `owner`.
    static func archive(of node: OutlineNode, owner: ObjectID?, context: BrowserContext) -> FoundArchive? {
        EmbeddedArchives.archive(at: node, owner: owner, in: context.node, object: { context.outline.view($0).object })
    }

    /// The archive behind a visible row, if any.
    static func archive(of row: VisibleRow, context: BrowserContext) -> FoundArchive? {
        archive(of: row.node, owner: row.owner, context: context)
    }

    /// The request to open the archive at the end of `chain` (the row and its ancestors), if any.
    /// The location names the row's own object, else the nearest ancestor object, then the label.
    static func request(for chain: [OutlineNode], context: BrowserContext) -> EmbeddedRequest? {
        guard let node = chain.last,
              let found = archive(of: node, owner: EmbeddedArchives.owner(under: chain.dropLast().last), context: context) else { return nil }
        let owner = node.target ?? chain.dropLast().last(where: { $0.target != nil })?.target
        let location = (owner.map { "#\($0) " } ?? "") + node.label
        return EmbeddedRequest(archive: found, location: location)
    }

    /// The archive found past the start of a file this tool cannot read (behind a header of another
    /// format), as a request to open it from there.
    static func archiveInside(_ context: BrowserContext) -> EmbeddedRequest? {
        guard let found = EmbeddedArchives.archiveAfterHeader(in: context.node), case .afterHeader(let offset) = found.place else { return nil }
        return EmbeddedRequest(archive: found, location: "from offset \(offset)")
    }

    /// A short format name for markers: `bplist00`, `XML plist`, `typedstream`.
    static func shortName(_ format: ContainerFormat) -> String { format.shortName }
}
