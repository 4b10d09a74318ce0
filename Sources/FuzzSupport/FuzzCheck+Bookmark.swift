import ArchiveModel

extension FuzzCheck {
    /// The invariants of a decoded bookmark: every diagnostic and note range, item range and view
    /// field range inside the bookmark's bytes, ids registered, the view within its field limit and
    /// the item count within the decoder's; the summary line and JSON text made without trapping.
    package static func bookmark(_ b: BookmarkData) -> [String] {
        var problems = ranges(b.diagnostics, size: b.count, what: "bookmark")
        for (i, item) in b.items.enumerated() where item.range.start < 0 || item.range.end > b.count || item.headerRange.count != 8 {
            problems.append("item \(i) at \(item.range) outside the \(b.count)-byte bookmark")
        }
        if b.items.count > 100_000 { problems.append("\(b.items.count) items, past the decoder's limit") }
        let view = b.view()
        if view.fields.count > BookmarkView.fieldLimit { problems.append("the view has \(view.fields.count) fields") }
        for f in view.fields {
            if let r = f.range, r.start < 0 || r.end > b.count { problems.append("view field \(f.name) at \(r) outside the bookmark") }
            if f.children.contains(where: { $0 < 0 || $0 >= view.fields.count }) { problems.append("view field \(f.name) has a child out of range") }
        }
        _ = b.summary.line
        if b.json().text.isEmpty { problems.append("empty JSON text") }
        return problems
    }

    /// The invariants of a decoded alias record: diagnostic and field ranges inside its bytes.
    package static func aliasRecord(_ a: AliasRecord) -> [String] {
        var problems = ranges(a.diagnostics, size: a.count, what: "alias record")
        for f in a.fields {
            if let r = f.range, r.start < 0 || r.end > a.count { problems.append("alias field \(f.name) at \(r) outside the record") }
        }
        _ = a.summary.line
        return problems
    }

    /// Diagnostics (and their notes) whose ranges leave `[0, size]`, or whose ids are not registered.
    static func ranges(_ diagnostics: [Diagnostic], size: Int, what: String) -> [String] {
        var problems: [String] = []
        for d in diagnostics {
            for r in [d.range] + d.notes.map(\.range) {
                if let r, r.start < 0 || r.end > size || r.start > r.end { problems.append("\(what) diagnostic \(d.id): range \(r) outside \(size) bytes") }
            }
            if d.range == nil { problems.append("\(what) diagnostic \(d.id) has no range") }
            if DiagnosticRegistry.kind(d.id) == nil { problems.append("diagnostic id \(d.id) is not registered") }
        }
        return problems
    }
}
