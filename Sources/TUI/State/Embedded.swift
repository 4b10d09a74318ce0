import ArchiveModel

/// An archive found in the focused row's data value, to be opened as a nested browser.
public struct EmbeddedRequest: Sendable, Hashable {
    /// The archive's bytes.
    public var bytes: [UInt8]
    public var format: ContainerFormat
    /// Where it was found, display-safe: the holding object and the row's label (`#12 NS.data`).
    public var location: String
    /// Where its bytes start in the input of the archive holding it, when they lie there as they are
    /// (not when base64 in an XML plist).
    public var offset: Int?
}

/// What the session stack should do after an action: open a nested archive, or close this one.
public enum SessionRequest: Sendable, Hashable {
    case open(EmbeddedRequest)
    /// Back to the outer archive (or quit when this is the outermost).
    case close
}

/// Rows whose data holds an archive (a keyed archive in an NSData, a typedstream in a plist …).
enum Embedded {
    /// The bytes of the embedded archive behind `node`: an inline data value, a bare data object, or
    /// an NSData/NSMutableData instance, when they hold an archive this tool decodes.
    static func bytes(of node: OutlineNode, context: BrowserContext) -> [UInt8]? {
        switch node.value {
        case .scalar(.data(let bytes)):
            return EmbeddedArchive.format(of: bytes) != nil ? bytes : nil
        case .reference(.object(let id)):
            guard node.state == .normal, id >= 0, id < context.graph.objectCount else { return nil }
            return EmbeddedArchive.data(of: context.outline.view(id).object, in: context.graph)
        default:
            return nil
        }
    }

    /// The format of the archive embedded behind `node`, if any.
    static func format(of node: OutlineNode, context: BrowserContext) -> ContainerFormat? {
        bytes(of: node, context: context).flatMap(EmbeddedArchive.format(of:))
    }

    /// The request to open the archive at the end of `chain` (the row and its ancestors), if any.
    /// The location names the row's own object, else the nearest ancestor object, then the label.
    static func request(for chain: [OutlineNode], context: BrowserContext) -> EmbeddedRequest? {
        guard let node = chain.last, let bytes = bytes(of: node, context: context),
              let format = EmbeddedArchive.format(of: bytes) else { return nil }
        let owner = node.target ?? chain.dropLast().last(where: { $0.target != nil })?.target
        let location = (owner.map { "#\($0) " } ?? "") + node.label
        return EmbeddedRequest(bytes: bytes, format: format, location: location, offset: offset(of: bytes, at: node, context: context))
    }

    /// Where `bytes`, found behind `node`, start in the context's input, if they lie there as they are.
    static func offset(of bytes: [UInt8], at node: OutlineNode, context: BrowserContext) -> Int? {
        var candidates = [node.range].compactMap { $0 }
        if case .reference(.object(let id)) = node.value, id >= 0, id < context.graph.objectCount {
            candidates += EmbeddedArchive.candidateRanges(of: context.outline.view(id).object, in: context.graph)
        }
        return EmbeddedArchive.offset(of: bytes, candidates: candidates, in: context.graph.input)
    }

    /// The archive found past the start of a file this tool cannot read (behind a header of another
    /// format), as a request to open it from there.
    static func archiveInside(_ context: BrowserContext) -> EmbeddedRequest? {
        guard let graph = context.graph as? UnreadableGraph, let inside = graph.archiveInside else { return nil }
        let bytes = graph.input.bytes(in: ByteRange(inside.offset, graph.input.count))
        return EmbeddedRequest(bytes: bytes, format: inside.format, location: "from offset \(inside.offset)", offset: inside.offset)
    }

    /// A short format name for markers: `bplist00`, `XML plist`, `typedstream`.
    static func shortName(_ format: ContainerFormat) -> String { format.shortName }
}
