import ArchiveModel

extension BrowserState {
    mutating func insert(_ c: Character) {
        guard case .prompt(let kind, let text) = overlay, text.count < 500 else { return }
        overlay = .prompt(kind, text + String(c))
    }

    mutating func backspace() {
        guard case .prompt(let kind, var text) = overlay else { return }
        if text.isEmpty { overlay = nil; return }
        text.removeLast()
        overlay = .prompt(kind, text)
    }

    mutating func submitPrompt(_ context: BrowserContext) {
        guard case .prompt(let kind, let text) = overlay else { return }
        overlay = nil
        switch kind {
        case .search: search(text, context)
        case .goTo: goTo(text, context)
        }
    }

    /// `:#12`, `:12` or `: 12` go to object 12.
    mutating func goTo(_ text: String, _ context: BrowserContext) {
        var t = Substring(text.trimmingSpaces())
        if t.first == "#" { t = t.dropFirst() }
        guard let id = Int(t) else { message = "go to: type an object number, like #12"; return }
        goTo(object: id, context)
    }

    /// Copies the focused row's value, key or path with an OSC 52 effect. The path is the key path
    /// `--extract` reads (`root.items.3.name`), or its jq form (`.root.items[3].name`).
    mutating func yank(_ command: Command, _ context: BrowserContext) {
        yankPending = false
        guard let chain = context.chain(focusPath, pinned: pinnedRoots), let node = chain.last else { return }
        let keyPath = focusPath.first.map { $0 < context.outlineRootCount } == true ? context.outline.keyPath(of: focusPath) : nil
        let text: String
        let what: String
        switch command {
        case .yankKey:
            // The key as stored, not as the row shows it (escaped, cut).
            if case .key(let key)? = keyPath?.components.last { text = key } else { text = node.label }
            what = "key"
        case .yankPath, .yankJQPath:
            guard let keyPath else {
                message = "no key path to this row: it is reached through raw fields or lost and found"
                return
            }
            text = command == .yankPath ? keyPath.extractForm : keyPath.jqForm
            what = command == .yankPath ? "path" : "jq path"
        default: text = YankText.value(of: node, graph: context.graph); what = "value"
        }
        effects.append(.yank(text))
        message = command == .yankPath || command == .yankJQPath
            ? "copied \(what) " + DisplayText.escapeMessage(ValueFormatter.cut(text, limit: 120))
            : "copied \(what) (\(English.count(text.count, "character")))"
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

/// The raw text copied for a row's value (raw, not escaped: OSC 52 carries it as base64).
enum YankText {
    static func value(of node: OutlineNode, graph: any ObjectGraph) -> String {
        switch node.value {
        case .scalar(let s): return raw(s)
        case .reference(.object(let id)):
            if let v = graph.object(id).value { return raw(v) }
            return "#\(id)"
        case .reference(.null): return "nil"
        case .reference(.conditionalNull(let id)): return "#\(id)"
        case .reference(.dangling(let raw, _)): return "\(raw)"
        case .list: return node.summary
        case .invalid(let why): return why
        case .sameAs(let same): return "#\(same.owner)"
        }
    }

    static func raw(_ value: ScalarValue) -> String {
        switch value {
        case .string(let s): s
        case .data(let bytes): bytes.map { Hex.byte($0) }.joined()
        default: ValueFormatter.summary(value)
        }
    }
}
