import ArchiveCore

/// One open element on the decoder's explicit stack (the decoder never recurses).
///
/// A plain value (no references), so reading the top frame costs no retain/release. The children of an
/// open dict or array live on the parser's shared `children` scratch stack from `childStart` on.
struct XMLFrame {
    enum Role: Equatable {
        /// The `<plist>` wrapper: holds the root object.
        case plist
        case dict
        case array
        /// A text element (`key`, `string`, `integer`, …); its content is collected as segments.
        case leaf(XMLElementKind)
        /// An unknown element where a value belongs (in a dict or array): an `.invalid` node whose
        /// children are parsed but dropped.
        case unknown
        /// An unknown or misplaced wrapper at the top level: its children count as if it were not there.
        case transparent
    }

    var role: Role
    /// The element kind, used to match closing tags; nil for unknown names (matched by `name` bytes).
    var kind: XMLElementKind?
    /// The element name as written.
    var name: ByteRange
    /// The opening tag (`<` to `>`).
    var openTag: ByteRange
    /// The node this element fills, or -1 (plist, transparent).
    var nodeID: Int
    /// Stack index of the frame that receives objects opened inside this one; -1 for the document.
    var context: Int

    /// Where this element's children start on the parser's `children` stack (dict: key, value, key, …).
    var childStart = 0
    /// A dict key still waiting for its value.
    var pendingKey: Int?
    /// Objects seen directly inside a `<plist>`.
    var objectCount = 0

    init(role: Role, kind: XMLElementKind?, name: ByteRange, openTag: ByteRange, nodeID: Int, context: Int) {
        self.role = role
        self.kind = kind
        self.name = name
        self.openTag = openTag
        self.nodeID = nodeID
        self.context = context
    }

    /// Where the element starts.
    var start: Int { openTag.start }

    /// Whether the element's content is text.
    var isLeaf: Bool {
        if case .leaf = role { return true }
        return false
    }
}
