import ArchiveCore

/// One node of the document tree: the input at the root, and below it each archive found inside
/// another, with its parent, its place in the parent and where its bytes start in the outermost file.
/// Every front end (the check, `--dump`, `--json`, the browser's `o`) walks the same tree through
/// `EmbeddedArchives`, so they agree on which data values hold an archive and how deep they go.
package final class DocumentNode: Sendable {
    /// The decoded archive.
    package let document: ArchiveDocument
    /// The node it was found in; nil for the input.
    package let parent: DocumentNode?
    /// Where it was found in the parent (`.input` for the root).
    package let place: ArchivePlace
    /// Where its first byte is in the outermost file: 0 for the input; nil when some ancestor holds
    /// it encoded (base64 in an XML plist), so no file offset is claimed that the bytes are not at.
    package let fileOffset: Int?
    /// Levels below the input: 0 for the input itself.
    package let depth: Int

    /// The root of a tree: `document` is the input.
    package init(root document: ArchiveDocument) {
        self.document = document
        parent = nil
        place = .input
        fileOffset = 0
        depth = 0
    }

    /// The root of a tree over a graph opened elsewhere (the browser's and the checks' entry point).
    package convenience init(root graph: any ObjectGraph, name: String) {
        self.init(root: ArchiveDocument(name: name, input: graph.input, format: graph.container, tree: nil, graph: graph))
    }

    /// A child of `parent` found at `found` (see `EmbeddedArchives.open`).
    init(document: ArchiveDocument, parent: DocumentNode, found: FoundArchive) {
        self.document = document
        self.parent = parent
        place = found.place
        fileOffset = Self.fileOffset(of: found, under: parent)
        depth = parent.depth + 1
    }

    /// Where `found`, an archive inside `parent`, starts in the outermost file, if its bytes lie there
    /// as they are at every level.
    package static func fileOffset(of found: FoundArchive, under parent: DocumentNode) -> Int? {
        parent.fileOffset.flatMap { base in
            found.offset.flatMap { base.addingReportingOverflow($0).overflow ? nil : base + $0 }
        }
    }

    /// The outermost node (the input).
    package var root: DocumentNode {
        var node = self
        while let up = node.parent { node = up }
        return node
    }

    /// The places from the input down to this node (empty for the input).
    package var places: [ArchivePlace] {
        var out: [ArchivePlace] = []
        var node = self
        while let up = node.parent { out.append(node.place); node = up }
        return out.reversed()
    }
}
