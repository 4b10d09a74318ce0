import ArchiveCore
import KeyedArchive

/// An opened input: its detected format, the plist tree (for plist-based formats) and the object graph
/// every front end works on. Opening never fails for bad content; problems are diagnostics.
public struct ArchiveDocument: Sendable {
    /// The input's name (file path, `-` for stdin, `demo`) as text: raw, for JSON and the browser,
    /// which escape it themselves; bytes of a file name that are not UTF-8 read as U+FFFD here.
    public let name: String
    /// The name made safe for a terminal (`DisplayText`), with bytes of a file name that are not UTF-8
    /// as `\xff`: what every text output shows.
    public let displayName: String
    /// Whether `name` is the name exactly (false when the file name's bytes were not UTF-8).
    package let nameIsExact: Bool
    /// The bytes the document was read from (inside its wrappers, when it had any).
    public let input: InputBytes
    /// The container format, detected from the content.
    public let format: ContainerFormat
    /// The property-list layer, for plist-based formats.
    package let tree: (any PlistTree)?
    /// The object graph (keyed archive, typedstream, plain plist, or an empty graph for unreadable input).
    public let graph: any ObjectGraph
    /// The objects whose data values hold archives, searched once by whichever front end asks first
    /// (`--json`'s check and its bookmarks share one search).
    package let archiveHolders = ArchiveHoldingObjects()

    /// Detects the format of `input` and opens it lazily.
    public static func open(_ input: InputBytes, name: String) -> ArchiveDocument {
        open(input, name: Name(text: name, display: DisplayText.escape(name), isExact: true))
    }

    /// `input` opened under `other`'s name, all three forms kept (a repaired reading of a file whose
    /// name is not UTF-8 keeps its escaped bytes).
    package static func open(_ input: InputBytes, namedLike other: ArchiveDocument) -> ArchiveDocument {
        open(input, name: Name(text: other.name, display: other.displayName, isExact: other.nameIsExact))
    }

    /// `open(_:name:)` for a file named by the bytes the shell passed, which need not be UTF-8.
    public static func open(_ input: InputBytes, nameBytes: [UInt8]) -> ArchiveDocument {
        let exact = String(validating: nameBytes, as: UTF8.self)
        return open(input, name: Name(text: exact ?? String(decoding: nameBytes, as: UTF8.self),
                                      display: DisplayText.escape(bytes: nameBytes), isExact: exact != nil))
    }

    /// The three forms of an input's name.
    package struct Name {
        var text: String
        var display: String
        var isExact: Bool

        package init(text: String, display: String, isExact: Bool) {
            self.text = text
            self.display = display
            self.isExact = isExact
        }
    }

    init(name: String, input: InputBytes, format: ContainerFormat, tree: (any PlistTree)?, graph: any ObjectGraph) {
        self.init(name: Name(text: name, display: DisplayText.escape(name), isExact: true), input: input, format: format, tree: tree, graph: graph)
    }

    private init(name: Name, input: InputBytes, format: ContainerFormat, tree: (any PlistTree)?, graph: any ObjectGraph) {
        self.name = name.text
        displayName = name.display
        nameIsExact = name.isExact
        self.input = input
        self.format = format
        self.tree = tree
        self.graph = graph
    }

    package static func open(_ input: InputBytes, name: Name) -> ArchiveDocument {
        // An archive in base64, hex, gzip, zlib or LZFSE is opened inside its wrapper; the bytes record it.
        if input.wrappers.isEmpty, let unwrapped = Unwrapper.unwrap(input) { return open(unwrapped, name: name) }
        let format = FormatDetector.detect(input)
        if let foreign = ForeignContent.identify(input, format: format) {
            return ArchiveDocument(name: name, input: input, format: .unknown, tree: nil,
                                   graph: UnreadableGraph(input: input, format: .unknown, foreign: foreign))
        }
        // The format's descriptor reads it (FormatRegistry); a plist tree gets keyed or plain semantics here.
        switch FormatRegistry.descriptor(for: format)?.open(input, as: format) {
        case .tree(let tree)?:
            let graph: any ObjectGraph = KeyedArchiveHeader.looksKeyed(tree) ? KeyedArchiveGraph(tree: tree) : PlistObjectGraph(tree: tree)
            return ArchiveDocument(name: name, input: input, format: format, tree: tree, graph: graph)
        case .graph(let graph)?:
            return ArchiveDocument(name: name, input: input, format: format, tree: nil, graph: graph)
        case nil:
            return ArchiveDocument(name: name, input: input, format: format, tree: nil, graph: UnreadableGraph(input: input, format: format))
        }
    }

    /// The Unicode encoding of a text format (XML, OpenStep, `.strings`, an IB3 archive); nil for binary formats.
    public var textEncoding: TextEncoding? { tree?.textEncoding ?? graph.textEncoding }

    /// The format as headers name it: `XML plist`, and the encoding when it is not plain UTF-8
    /// (`XML plist, UTF-16LE`, `OpenStep/ASCII plist, UTF-8 with byte-order mark`).
    public var formatDescription: String {
        guard let encoding = textEncoding, encoding.isNotable else { return format.description }
        return "\(format), \(encoding)"
    }

    /// Whether the format was decoded (false for unknown and unsupported formats).
    public var isDecoded: Bool { format.isDecodable }
}
