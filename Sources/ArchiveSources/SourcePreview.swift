import ArchiveCore
import ArchiveDocuments
import NIBArchive
import ArchivePresentation

/// What an archive of a source says, in one line, for the browser's list (issue 38, item 3): an
/// attributed string's or a string root's text, a dictionary's first keys (`{name, date, …}`), an
/// array's count and first items, a nib's top-level objects' classes (NIBArchive, keyed and IB3 XML).
///
/// Built from the rows the browser would show at the archive's top (`Outline`): the same summaries,
/// the same escaping, so nothing here summarises a value a second way. Bounded per archive: an archive
/// over `byteLimit` bytes is not opened; opening is at most one pass over its bytes (the binary
/// formats read only their header and tables), and the preview decodes the root and its first
/// `itemLimit` children, never the whole graph.
package struct SourcePreview: Sendable, Equatable {
    /// Display-safe (text from the file escaped), at most `textLimit` characters.
    package var text: String
    /// The text of a string root (or of an attributed string's summary, unquoted), cut to
    /// `valueLimit` characters: what a search looks at beside `text` (`^Hello` matches the message
    /// shown as `"Hello"`). Not escaped: it is never shown.
    package var value: String?
    /// Whether the archive showed damage on opening (an error among its container's or its opening's
    /// problems), or could not be read at all: the text then starts with `damaged:` or `not read:`.
    package var isDamaged: Bool

    package init(text: String, value: String? = nil, isDamaged: Bool = false) {
        self.text = text
        self.value = value
        self.isDamaged = isDamaged
    }

    /// Archives larger than this are not opened for a preview.
    package static let byteLimit = 32 << 20
    /// Longest preview, in characters.
    package static let textLimit = 160
    /// Keys, items or top-level objects named before `…`.
    static let itemLimit = 3
    /// Longest `value` kept, in characters.
    static let valueLimit = 1_000

    /// The preview of `entry` of `source` (opened as the browser opens it, `SourceCheck.open`).
    package static func of(_ entry: SourceEntry, in source: ArchiveSource) -> SourcePreview {
        guard entry.size <= byteLimit else {
            return SourcePreview(text: "not previewed: \(English.count(entry.size, "byte")), over \(byteLimit >> 20) MB")
        }
        let (document, extraction) = SourceCheck.open(source, entry.place)
        guard let document else { return SourcePreview(text: "not read: " + (extraction.failure ?? "not read"), isDamaged: true) }
        return of(document, containerProblems: extraction.problems)
    }

    /// The preview of an open document; `containerProblems` are those of what held it (a ZIP entry).
    package static func of(_ document: ArchiveDocument, containerProblems: [Diagnostic] = []) -> SourcePreview {
        let firstError = (containerProblems + document.graph.openDiagnostics).first { $0.severity == .error }
        let damaged = firstError != nil
        guard document.isDecoded else {
            return SourcePreview(text: "not decoded: " + document.formatDescription, isDamaged: damaged)
        }
        let outline = Outline(graph: document.graph, judgesObjects: false, viewCapacity: 64, viewBudget: 4 << 20)
        let roots = outline.roots()
        var (text, value) = describe(roots, outline)
        // Nothing decoded at all: what the first error says instead.
        if roots.isEmpty, let firstError { text = DisplayText.escapeMessage(firstError.message) }
        return SourcePreview(text: ValueFormatter.cut((damaged ? "damaged: " : "") + text, limit: textLimit),
                             value: value.map { ValueFormatter.cut($0, limit: valueLimit) }, isDamaged: damaged)
    }

    /// The top rows in a line: a nib's top-level objects, else the root (or the one top-level value),
    /// else the first top-level values by name.
    static func describe(_ roots: [OutlineNode], _ outline: Outline) -> (text: String, value: String?) {
        if let top = nibTopLevel(roots, outline) {
            let objects = children(of: top, outline)
            let classes = objects.shown.map { $0.className ?? $0.summary }
            return (English.count(objects.count, "top-level object") + ": " + listed(classes, more: objects.count > classes.count), nil)
        }
        guard let first = roots.first else { return ("no top-level value", nil) }
        let main = roots.first { $0.label == "root" } ?? first
        if roots.count == 1 || main.label == "root" { return (row(main, outline), value(of: main, outline)) }
        let named = roots.prefix(itemLimit).map { $0.label + ": " + brief($0) }
        return (listed(named, more: roots.count > itemLimit), nil)
    }

    /// A nib's `top-level objects` row: a NIBArchive's own (its graph lists it at the top), an IB3 XML
    /// archive's `IBDocument.RootObjects`, or, for a keyed nib (`$top` holds `IB.objectdata`), the one
    /// `NibStructure` finds in its object data.
    static func nibTopLevel(_ roots: [OutlineNode], _ outline: Outline) -> OutlineNode? {
        if let top = roots.first(where: { ($0.label == "top-level objects" || $0.label == "IBDocument.RootObjects") && !$0.isGroup }) {
            return top
        }
        guard let data = roots.first(where: { $0.label == "IB.objectdata" }) else { return nil }
        let holder = GraphObject(id: -1, kind: .instance, fields: [Field(key: "IB.objectdata", value: data.value)])
        let rows = NibStructure.shortcuts(root: holder, in: outline.graph) { ArrayPresenter.items(of: $0, in: outline.graph) }
        guard let top = rows.first(where: { $0.key == "top-level objects" }) else { return nil }
        return outline.node(label: top.key, value: top.value, range: nil)
    }

    /// One row: text as its summary shows it; a collection or an object with fields as its first
    /// keys (`{name, date, …}`) or its count and first items (`3 items: [1, 2, …]`); else the class
    /// and the summary.
    static func row(_ node: OutlineNode, _ outline: Outline) -> String {
        if node.summary.first == "\"" { return node.summary }
        let kids = children(of: node, outline)
        let named = node.className.map { $0 + " " } ?? ""
        guard !kids.shown.isEmpty else { return named + node.summary }
        if kids.shown.allSatisfy({ isIndexLabel($0.label) }) {
            return node.summary + ": [" + listed(kids.shown.map(brief), more: kids.count > kids.shown.count) + "]"
        }
        let keys = "{" + listed(kids.shown.map(\.label), more: kids.count > kids.shown.count) + "}"
        return isDictionaryCount(node.summary) ? keys : named + keys
    }

    /// A child row in a list: its summary when short, else its class.
    static func brief(_ node: OutlineNode) -> String {
        node.summary.count <= 40 || node.className == nil ? ValueFormatter.cut(node.summary, limit: 40) : node.className ?? ""
    }

    /// The first `itemLimit` data rows under `node` (group rows such as `raw fields` left out), and
    /// how many data rows there are.
    static func children(of node: OutlineNode, _ outline: Outline) -> (shown: [OutlineNode], count: Int) {
        guard node.source != .none else { return ([], 0) }
        let total = outline.childCount(of: node)
        // A group row comes only last (a known class's `raw fields`).
        let data = total > 0 && outline.child(of: node, at: total - 1).isGroup ? total - 1 : total
        let shown = (0..<min(data, itemLimit)).map { outline.child(of: node, at: $0) }.filter { !$0.isGroup }
        return (shown, data)
    }

    /// The text a search looks at besides the preview: a string root's own text, else a quoted
    /// summary unquoted (an attributed string's text, as escaped).
    static func value(of node: OutlineNode, _ outline: Outline) -> String? {
        switch node.value {
        case .scalar(.string(let s)): return s
        case .reference(.object(let id)):
            if case .string(let s)? = outline.view(id).object.value { return s }
        default: break
        }
        let s = node.summary
        guard s.count >= 2, s.first == "\"", s.last == "\"" else { return nil }
        return String(s.dropFirst().dropLast())
    }

    /// `a, b, c` with `, …` when there are more.
    static func listed(_ items: [String], more: Bool) -> String {
        items.joined(separator: ", ") + (more ? ", …" : "")
    }

    /// `[3]`: an element's label, not a key.
    static func isIndexLabel(_ label: String) -> Bool {
        label.count > 2 && label.first == "[" && label.last == "]" && label.dropFirst().dropLast().allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether a summary is a dictionary's count (`3 entries`), which the keys stand for.
    static func isDictionaryCount(_ summary: String) -> Bool {
        let words = summary.split(separator: " ")
        return words.count == 2 && words[0].allSatisfy(\.isNumber) && (words[1] == "entries" || words[1] == "entry")
    }
}
