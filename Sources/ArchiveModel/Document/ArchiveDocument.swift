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
    public let nameIsExact: Bool
    public let input: InputBytes
    public let format: ContainerFormat
    /// The property-list layer, for plist-based formats.
    public let tree: (any PlistTree)?
    /// The object graph (keyed archive, typedstream, plain plist, or an empty graph for unreadable input).
    public let graph: any ObjectGraph

    /// Detects the format of `input` and opens it lazily.
    public static func open(_ input: InputBytes, name: String) -> ArchiveDocument {
        open(input, name: Name(text: name, display: DisplayText.escape(name), isExact: true))
    }

    /// `open(_:name:)` for a file named by the bytes the shell passed, which need not be UTF-8.
    public static func open(_ input: InputBytes, nameBytes: [UInt8]) -> ArchiveDocument {
        let exact = String(validating: nameBytes, as: UTF8.self)
        return open(input, name: Name(text: exact ?? String(decoding: nameBytes, as: UTF8.self),
                                      display: DisplayText.escape(bytes: nameBytes), isExact: exact != nil))
    }

    /// The three forms of an input's name.
    struct Name {
        var text: String
        var display: String
        var isExact: Bool
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

    static func open(_ input: InputBytes, name: Name) -> ArchiveDocument {
        // An archive in base64, hex, gzip or zlib is opened inside its wrapper; the bytes record it.
        if input.wrappers.isEmpty, let unwrapped = Unwrapper.unwrap(input) { return open(unwrapped, name: name) }
        let format = FormatDetector.detect(input)
        if let foreign = ForeignContent.identify(input, format: format) {
            return ArchiveDocument(name: name, input: input, format: .unknown, tree: nil,
                                   graph: UnreadableGraph(input: input, format: .unknown, foreign: foreign))
        }
        let tree: (any PlistTree)?
        switch format {
        case .binaryPlist: tree = BinaryPlistTree(input)
        case .xmlPlist: tree = XMLPlistDecoder.decode(input)
        case .openStepPlist: tree = OpenStepPlistDecoder.decode(input)
        default: tree = nil
        }
        if let tree {
            let graph: any ObjectGraph = KeyedArchiveHeader.looksKeyed(tree) ? KeyedArchiveGraph(tree: tree) : PlistObjectGraph(tree: tree)
            return ArchiveDocument(name: name, input: input, format: format, tree: tree, graph: graph)
        }
        if case .typedstream = format {
            return ArchiveDocument(name: name, input: input, format: format, tree: nil, graph: TypedstreamDecoder.decode(input))
        }
        if format == .nibArchive {
            return ArchiveDocument(name: name, input: input, format: format, tree: nil, graph: NIBArchiveGraph(input: input))
        }
        return ArchiveDocument(name: name, input: input, format: format, tree: nil, graph: UnreadableGraph(input: input, format: format))
    }

    /// The Unicode encoding of a text plist (XML, OpenStep, `.strings`); nil for binary formats.
    public var textEncoding: TextEncoding? { tree?.textEncoding }

    /// The format as headers name it: `XML plist`, and the encoding when it is not plain UTF-8
    /// (`XML plist, UTF-16LE`, `OpenStep/ASCII plist, UTF-8 with byte-order mark`).
    public var formatDescription: String {
        guard let encoding = textEncoding, encoding.isNotable else { return format.description }
        return "\(format), \(encoding)"
    }

    /// Whether the format was decoded (false for unknown and unsupported formats).
    public var isDecoded: Bool { format.isDecodable }
}

/// The graph of an input this tool does not decode: no objects, one diagnostic saying what was found.
public final class UnreadableGraph: ObjectGraph, @unchecked Sendable {
    // Safety: immutable after init.
    public let input: InputBytes
    public let container: ContainerFormat
    public let openDiagnostics: [Diagnostic]
    /// An archive this tool decodes found further into an input of unknown format (see
    /// `EmbeddedArchive.archive(after:)`): where it starts and its format.
    public let archiveInside: (offset: Int, format: ContainerFormat)?

    /// What the input holds instead of an archive, when that was identified.
    public let foreign: ForeignContent?

    public init(input: InputBytes, format: ContainerFormat, foreign: ForeignContent? = nil) {
        self.input = input
        container = format
        self.foreign = foreign
        archiveInside = format == .unknown ? EmbeddedArchive.archive(after: input) : nil
        let first = foreign.map { DamageDiagnostics.wrongContent($0, input: input) } ?? Self.diagnostic(input, format)
        openDiagnostics = [first] + (archiveInside.map { [Self.inside($0.offset, $0.format)] } ?? [])
    }

    /// The note naming an archive found inside: the browser opens it with `o`.
    static func inside(_ offset: Int, _ format: ContainerFormat) -> Diagnostic {
        Diagnostic(DocumentCode.archiveInside,
                   English.article("\(format.shortName) archive") + " starts at offset \(offset), after \(ValueFormatter.byteCount(offset)) of another format; the browser opens it with o",
                   range: ByteRange(offset, offset.addingReportingOverflow(8).partialValue))
    }

    public var archiveKind: String { "unreadable" }
    public var objectCount: Int { 0 }
    public var topLevel: [Field] { [] }
    public func object(_ id: ObjectID) -> GraphObject {
        GraphObject(id: id, kind: .invalid, diagnostics: openDiagnostics)
    }
    public func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] { openDiagnostics }

    static func diagnostic(_ input: InputBytes, _ format: ContainerFormat) -> Diagnostic {
        let head = FormatDetector.describePrefix(input)
        let range = ByteRange(0, Swift.min(16, input.count))
        switch format {
        case .empty:
            return Diagnostic(DocumentCode.empty, "the file is empty (0 bytes)", range: ByteRange(0, 0))
        case .binaryPlistVariant(let version):
            // bplist15, 16 and 17 are Apple's private XPC formats (FORMATS.md A.10); other versions are damage.
            let known = ["15", "16", "17"].contains(version)
            let what = known ? "a private format of Apple's XPC services, recognised but not decoded"
                : "no known version (CF reads bplist0?, and bplist15/16/17 are private XPC formats); not decoded"
            return Diagnostic(DocumentCode.bplistVariant, "binary plist version \"\(DisplayText.escape(version))\" is \(what); first bytes: \(head)",
                              severity: known ? nil : .error, range: range)
        case .gnustepArchive:
            return Diagnostic(DocumentCode.gnustepArchive,
                "this is a GNUstep NSArchiver file (\"GNUstep archive\" signature), a format incompatible with Apple's typedstream; not decoded", range: range)
        default:
            return Diagnostic(DocumentCode.unknown, "not an archive this tool reads (not a bplist, XML or OpenStep plist, or typedstream); first bytes: \(head)", range: range)
        }
    }
}
