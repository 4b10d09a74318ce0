import ArchiveModel

/// The detail tab: object id, bytes, class chain, raw fields, referrers, diagnostics, coercions.
enum DetailPane {
    /// Raw fields listed at most (the pane scrolls; huge objects stay cheap).
    static let fieldLimit = 200

    static func lines(for row: VisibleRow, context: BrowserContext, width: Int) -> [StyledLine] {
        let node = row.node
        var out: [StyledLine] = []
        let object = node.target.map { context.graph.object($0) }
        if let object {
            out.append([Span("object " + context.graph.identityLabel(object.id), Theme.heading), Span("  " + kindName(object.kind), Theme.marker)])
        } else {
            out.append([Span(node.isGroup ? "group" : "inline value", Theme.heading)])
        }
        out.append(pair("key", node.label))
        if let cls = node.className { out.append(pair("class", cls)) }
        if let chain = object?.classChain, !chain.isEmpty {
            out.append(pair("chain", chain.map { c in DisplayText.escape(ValueFormatter.cut(c.name)) + (c.version.map { " v\($0)" } ?? "") }.joined(separator: " › ")))
        }
        if let range = node.range ?? object?.range {
            out.append(pair("bytes", "\(range)  \(ValueFormatter.byteCount(range.count)), 0x\(Hex.offset(range.start, width: 1))"))
            if let place = context.placeInFile(range) { out.append(pair("", place)) }
        }
        if let position = object?.position { out.append(pair("line", position.description)) }
        if node.state != .normal { out.append(pair("state", stateText(node.state))) }
        out += value(node, context, width: width)
        if let found = Embedded.archive(of: row, context: context) {
            out.append(pair("holds", "⧉ embedded \(Embedded.shortName(found.format)), \(ValueFormatter.byteCount(found.bytes.count)) · o opens it", Theme.embedded))
        }
        if let object { out += fields(object, context) + referrers(object.id, context) }
        out += diagnostics(node, context, width: width) + coercions(node, object, context)
        return out
    }

    /// Characters of a string value the pane shows (the tree's summary stops at 200).
    static let valueTextLimit = 4_000

    /// The value, wrapped over as many lines as it needs under its label: a string in full up to
    /// `valueTextLimit` characters (then how long it is), anything else as its summary.
    static func value(_ node: OutlineNode, _ context: BrowserContext, width: Int) -> [StyledLine] {
        var text = node.summary, total: Int?
        let string: String? = switch node.value {
        case .scalar(.string(let s)): s
        case .reference(.object(let id)): context.outline.view(id).object.value.flatMap { if case .string(let s) = $0 { s } else { nil } }
        default: nil
        }
        if let string {
            text = ValueFormatter.quoted(string, limit: valueTextLimit)
            if string.utf8.count > valueTextLimit, text.hasSuffix("…\"") { total = string.utf8.count }
        }
        let lines = TextWrap.lines(text, width: max(1, width - 8), maxLines: valueTextLimit / 10)
        var out = lines.enumerated().map { i, line in i == 0 ? pair("value", line) : [Span(String(repeating: " ", count: 8) + line)] }
        if let total { out.append([Span(String(repeating: " ", count: 8) + "(\(ValueFormatter.byteCount(total)) of UTF-8 in all; y v copies it)", Theme.marker)]) }
        return out.isEmpty ? [pair("value", "")] : out
    }

    static func pair(_ key: String, _ value: String, _ style: Style = .plain) -> StyledLine {
        [Span(key.padding(to: 7) + " ", Theme.marker), Span(value, style)]
    }

    static func kindName(_ kind: ObjectKind) -> String {
        switch kind {
        case .instance: "instance"
        case .value: "bare value"
        case .classDescription: "class description"
        case .nullMarker: "$null marker"
        case .classRecord: "class record"
        case .container: "container"
        case .invalid: "invalid"
        }
    }

    static func stateText(_ state: ReferenceState) -> String {
        switch state {
        case .normal: "value"
        case .null: "∅ nil reference"
        case .conditionalNull: "◌ conditional object, never encoded unconditionally"
        case .dangling(let why): "✗ dangling reference: " + DisplayText.escapeMessage(why)
        case .invalid(let why): "⊘ invalid value: " + DisplayText.escapeMessage(why)
        }
    }

    static func fields(_ object: GraphObject, _ context: BrowserContext) -> [StyledLine] {
        if object.fields.isEmpty { return [] }
        var out: [StyledLine] = [[], [Span("raw fields (\(object.fields.count))", Theme.heading)]]
        for field in object.fields.prefix(fieldLimit) {
            let node = context.outline.node(label: field.key, value: field.value, range: field.range)
            var line: StyledLine = [Span("  " + node.label, Theme.label)]
            if let cls = node.className { line.append(Span("  " + cls, Theme.className)) }
            if case .reference(.object(let id)) = field.value { line.append(Span("  #\(id)", Theme.marker)) }
            line.append(Span("  " + node.summary))
            out.append(line)
        }
        if object.fields.count > fieldLimit { out.append([Span("  … \(object.fields.count - fieldLimit) more", Theme.marker)]) }
        return out
    }

    static func referrers(_ id: ObjectID, _ context: BrowserContext) -> [StyledLine] {
        guard let index = context.index else { return [[], [Span("referrers", Theme.heading), Span("  press r to build the index", Theme.marker)]] }
        let total = index.referenceCount(of: id)
        var out: [StyledLine] = [[], [Span("referrers (\(total))", Theme.heading)]]
        for r in index.referrers(of: id, limit: 50) { out.append(referrerLine(r, context)) }
        if total > 50 { out.append([Span("  … \(total - 50) more (r lists them)", Theme.marker)]) }
        return out + links(id, index, context)
    }

    /// Objects whose `$class` this is, or dictionaries using it as a key: not referrers (no field holds
    /// them), but without them a class description would seem unused.
    static func links(_ id: ObjectID, _ index: GraphIndex, _ context: BrowserContext) -> [StyledLine] {
        let total = index.linkCount(to: id)
        guard total > 0 else { return [] }
        let shown = index.links(to: id, limit: 50)
        let heading = shown.first?.link == .classOf ? "instances" : "dictionaries using it as a key"
        var out: [StyledLine] = [[], [Span("\(heading) (\(total))", Theme.heading)]]
        out += shown.map { referrerLine($0, context) }
        if total > 50 { out.append([Span("  … \(total - 50) more (r lists them)", Theme.marker)]) }
        return out
    }

    /// One referrer (or link) as the pane and the `r` list show it: where from, its class, under which key.
    static func referrerLine(_ r: Referrer, _ context: BrowserContext) -> StyledLine {
        var line: StyledLine = [Span("  " + (r.from.map { "#\($0)" } ?? "top level"), Theme.label)]
        if let from = r.from, let name = className(of: from, context) { line.append(Span("  " + name, Theme.className)) }
        line.append(Span("  " + DisplayText.escape(ValueFormatter.cut(r.key))))
        return line
    }

    /// The class name of object `id` as a row shows it (a plist container's type), display-safe.
    static func className(of id: ObjectID, _ context: BrowserContext) -> String? {
        let object = context.outline.view(id).object
        return (object.className ?? object.value?.typeName).map { DisplayText.escape(ValueFormatter.cut($0)) }
    }

    /// How the `links(to:)` of `id` are counted in a title: "by $class" or "as a dictionary key".
    static func linkNoun(_ id: ObjectID, _ index: GraphIndex) -> String {
        index.links(to: id, limit: 1).first?.link == .classOf ? "by $class" : "as a dictionary key"
    }

    /// The node's diagnostics, each as its glyph, offset and id, then its whole message wrapped to
    /// `width` under it (the problems list has one line per problem, cut), then its notes.
    static func diagnostics(_ node: OutlineNode, _ context: BrowserContext, width: Int) -> [StyledLine] {
        let list = context.diagnostics(for: node)
        var out: [StyledLine] = [[], [Span("diagnostics (\(list.count))", Theme.heading)]]
        if context.diagnostics == nil { out[1].append(Span("  found while decoding; p runs the full check", Theme.marker)) }
        for d in list {
            out.append(ProblemLine.head(d))
            let message = DisplayText.escapeMessage(d.message)
            out += TextWrap.lines(message, width: max(1, width - 4)).map { [Span("    " + $0)] }
            for note in d.notes {
                out += TextWrap.lines(ProblemLine.noteText(note), width: max(1, width - 6)).map { [Span("      " + $0, Theme.marker)] }
            }
        }
        return out
    }

    /// For a field holding a scalar or a reference: what each decode method returns, per Apple's
    /// documented contract and per Linux Foundation.
    static func coercions(_ node: OutlineNode, _ object: GraphObject?, _ context: BrowserContext) -> [StyledLine] {
        switch node.value {
        case .scalar: break
        // A reference matters here only when it leads to a bare value (an NSNumber or NSString stored
        // with encodeObject), where decodeInt… on it is a classic type mismatch.
        case .reference(.object):
            guard object?.kind == .value else { return [] }
        default: return []
        }
        // NSCoder's keyed decode methods only apply to archives read through a keyed coder.
        guard !node.isGroup, context.graph.graphKind.usesKeyedCoder else { return [] }
        var out: [StyledLine] = [[], [Span("coercions", Theme.heading), Span("  Apple (documented) · Linux corelibs", Theme.marker)]]
        for line in CoercionHook.lines(for: node.value) {
            out.append([Span("  " + line.method.padding(to: 14), Theme.label),
                        Span(line.apple, line.appleReturns ? Style.plain : Theme.error)])
            out.append([Span(String(repeating: " ", count: 16)), Span("linux: " + line.corelibs, Theme.marker)])
        }
        return out
    }
}

extension String {
    /// The string padded with spaces to at least `width` columns.
    func padding(to width: Int) -> String {
        let w = TextLayout.width(self)
        return w >= width ? self : self + String(repeating: " ", count: width - w)
    }
}

/// One diagnostic as a list line: severity glyph, offset, id, message (escaped).
enum ProblemLine {
    /// A row of the problems list: a diagnostic, a group (`▸ 214 × id, first at 1034: message`), a
    /// member of an open group (indented), or a note (indented under its diagnostic).
    static func line(_ row: ProblemRow) -> StyledLine {
        switch row {
        case .single(let d):
            return line(d)
        case .member(let d):
            return [Span("    ")] + line(d)
        case .group(let id, let members, let first, let severity, let isOpen):
            var spans = head(first, severity: severity, showsID: false)
            spans.append(Span((isOpen ? "▾ " : "▸ ") + "\(members) × ", Theme.marker))
            spans.append(Span(DisplayText.escape(id), Theme.className))
            spans.append(Span(", first at \(first.range.map { String($0.start) } ?? "-"): " + DisplayText.escapeMessage(first.message)))
            return spans
        case .note(let note, _, let inGroup):
            return [Span(String(repeating: " ", count: inGroup ? 14 : 10) + noteText(note), Theme.marker)]
        }
    }

    /// `note at [start, end) (line L, column C): message`, escaped.
    static func noteText(_ note: DiagnosticNote) -> String {
        var location = note.range.map { " at \($0)" } ?? ""
        if let p = note.position { location += " (line \(p.line), column \(p.column))" }
        return "note" + location + ": " + DisplayText.escapeMessage(note.message)
    }

    static func line(_ d: Diagnostic) -> StyledLine {
        var spans = head(d, object: false)
        spans.append(Span(DisplayText.escapeMessage(d.message)))
        if let o = d.object { spans.append(Span("  #\(o)", Theme.marker)) }
        return spans
    }

    /// Glyph, offset and id (and the object, when `object`), for a line the message follows; a group
    /// passes its worst `severity` and leaves the id out (its line names the id with the count).
    static func head(_ d: Diagnostic, object: Bool = true, severity: Severity? = nil, showsID: Bool = true) -> StyledLine {
        let (glyph, style): (String, Style) = switch severity ?? d.severity {
        case .error: ("!", Theme.error)
        case .warning: ("?", Theme.warning)
        case .note: ("·", Theme.marker)
        }
        let offset = d.range.map { String($0.start) } ?? "-"
        var spans: StyledLine = [Span(glyph + " ", style), Span(offset.padding(to: 8), Theme.marker)]
        if showsID { spans.append(Span(DisplayText.escape(d.id) + "  ", Theme.className)) }
        if object, let o = d.object { spans.append(Span("#\(o)", Theme.marker)) }
        return spans
    }
}
