import ArchiveModel

/// The report of `--salvage` and `--repair`: what was repaired, kept, replaced and dropped, where
/// (object ids and byte ranges in the repaired input), and whether the new file reads cleanly.
struct RescueSummary {
    let kind: CLIModes.RescueKind
    let input: InputSource
    let output: [UInt8]
    let size: Int
    let report: SalvageReport
    let notUndone: [String]
    /// What the read-back finds in the new file (none expected): errors and warnings of the check,
    /// values other readers refuse.
    let problemsAfter: [SalvageReadBack.Problem]

    /// Change lines printed as text; `--json` lists all.
    static let textLimit = 200

    /// Text for standard error, every piece from the file escaped.
    func writeText(_ out: FileOutput) {
        let outName = CLIModes.isStandardOutput(output) ? "standard output" : DisplayText.escape(bytes: output)
        var head = "archive-browse: \(input.displayName): wrote \(outName) (\(ValueFormatter.byteCount(size)))"
        if kind == .salvage { head += ": " + report.summary }
        out.write(head + "\n")
        for step in report.repairs {
            var line = "  repaired: " + step.summary + " (\(ValueFormatter.byteCount(step.sizeBefore)) → \(ValueFormatter.byteCount(step.sizeAfter)))"
            if step.candidatesTried > 0 { line += "; \(English.count(step.candidatesTried, "reading")) tried" }
            if !step.undecided.isEmpty {
                line += "; \(English.count(step.undecided.count, "byte")) undecided, left as they were, at "
                    + step.undecided.prefix(8).map(String.init).joined(separator: ", ") + (step.undecided.count > 8 ? ", …" : "")
            }
            out.write(DisplayText.escapeMessage(line) + "\n")
            writeChanges(step.changes, heading: nil, to: out)
            writeChanges(step.alternatives, heading: "undecided: nothing in the format tells these readings apart (the reading written, or the other):", to: out)
            if step.stoppedEarly { out.write("    the search stopped at its budget or time limit: what it had not examined is left as it was\n") }
        }
        for why in notUndone { out.write(DisplayText.escapeMessage("  not repaired: " + why) + "\n") }
        for note in report.notes where !QuietNotes.isOn { out.write(DisplayText.escapeMessage("  note: " + note) + "\n") }
        for change in report.changes.prefix(Self.textLimit) {
            var place = change.object.map { "#\($0)" } ?? "root"
            if let key = change.key { place += " " + key }
            if let range = change.range { place += " \(range)" }
            out.write(DisplayText.escapeMessage("  \(place): \(change.action.rawValue): \(change.reason)") + "\n")
        }
        if report.changes.count > Self.textLimit {
            out.write("  … \(report.changes.count - Self.textLimit) more (--json lists every change)\n")
        }
        if !report.repairs.isEmpty, !report.changes.isEmpty { out.write("  (offsets are in the repaired bytes)\n") }
        for problem in problemsAfter.prefix(5) {
            out.write(DisplayText.escapeMessage("  the new file still has: " + problem.line) + "\n")
        }
    }

    /// Changes by meaning, one line per place (repeats at one place counted), up to `textLimit` lines.
    private func writeChanges(_ changes: [RepairChange], heading: String?, to out: FileOutput) {
        guard !changes.isEmpty else { return }
        if let heading { out.write("    " + heading + "\n") }
        var order: [String] = []
        var byPlace: [String: (first: RepairChange, count: Int)] = [:]
        for change in changes {
            if let seen = byPlace[change.place] { byPlace[change.place] = (seen.first, seen.count + 1) } else {
                byPlace[change.place] = (change, 1)
                order.append(change.place)
            }
        }
        for place in order.prefix(Self.textLimit) {
            guard let (first, count) = byPlace[place] else { continue }
            let times = count > 1 ? " (\(count) bytes here; the first shown)" : ""
            out.write(DisplayText.escapeMessage("    \(first.line)\(times) [offset \(first.offset)]") + "\n")
        }
        if order.count > Self.textLimit { out.write("    … \(order.count - Self.textLimit) more places (--json lists each byte)\n") }
    }

    /// One JSON document on one line.
    func writeJSON(_ out: FileOutput) {
        var w = JSONWriter()
        w.raw("{")
        w.key("file", first: true); w.string(input.jsonName)
        w.key("output"); w.string(String(validating: output, as: UTF8.self) ?? DisplayText.escape(bytes: output))
        w.key("mode"); w.string(kind == .salvage ? "salvage" : "repair")
        w.key("size"); w.raw("\(size)")
        w.key("repairs"); w.raw("[")
        for (i, step) in report.repairs.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{")
            w.key("mechanism", first: true); w.string(step.mechanism.rawValue)
            w.key("summary"); w.string(step.summary)
            w.key("bytesChanged"); w.raw("\(step.bytesChanged)")
            w.key("sizeBefore"); w.raw("\(step.sizeBefore)")
            w.key("sizeAfter"); w.raw("\(step.sizeAfter)")
            w.key("candidatesTried"); w.raw("\(step.candidatesTried)")
            w.key("undecided"); w.raw("[" + step.undecided.map(String.init).joined(separator: ",") + "]")
            w.key("stoppedEarly"); w.raw(step.stoppedEarly ? "true" : "false")
            if let side = step.side { w.key("side"); w.string(side.rawValue) }
            w.key("changes"); Self.writeChanges(step.changes, &w)
            w.key("alternatives"); Self.writeChanges(step.alternatives, &w)
            w.raw("}")
        }
        w.raw("]")
        w.key("notRepaired"); w.raw("[")
        for (i, why) in notUndone.enumerated() {
            if i > 0 { w.raw(",") }
            w.string(why)
        }
        w.raw("]")
        if kind == .salvage {
            w.key("objects"); w.raw("\(report.objectCount)")
            w.key("kept"); w.raw("\(report.keptObjects)")
            w.key("contentValues"); w.raw("\(report.contentValues)")
            w.key("notes"); w.raw("[")
            for (i, note) in report.notes.enumerated() {
                if i > 0 { w.raw(",") }
                w.string(note)
            }
            w.raw("]")
            w.key("changes"); w.raw("[")
            for (i, change) in report.changes.enumerated() {
                if i > 0 { w.raw(",") }
                w.raw("{")
                w.key("action", first: true); w.string(change.action.rawValue)
                w.key("object"); w.raw(change.object.map(String.init) ?? "null")
                w.key("key"); if let key = change.key { w.string(key) } else { w.raw("null") }
                w.key("range"); w.raw(change.range.map { "[\($0.start),\($0.end)]" } ?? "null")
                w.key("reason"); w.string(change.reason)
                w.raw("}")
            }
            w.raw("]")
        }
        w.key("problemsAfter"); w.raw("\(problemsAfter.count)")
        w.key("readBack"); w.raw("[")
        for (i, problem) in problemsAfter.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{")
            w.key("id", first: true); if let id = problem.id { w.string(id) } else { w.raw("null") }
            w.key("message"); w.string(problem.message)
            w.key("range"); w.raw(problem.range.map { "[\($0.start),\($0.end)]" } ?? "null")
            w.raw("}")
        }
        w.raw("]")
        w.raw("}")
        out.line(w.text)
        out.flush()
    }

    /// `[{"offset", "place", "before", "after"}]`.
    static func writeChanges(_ changes: [RepairChange], _ w: inout JSONWriter) {
        w.raw("[")
        for (i, change) in changes.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{")
            w.key("offset", first: true); w.raw("\(change.offset)")
            w.key("place"); w.string(change.place)
            w.key("before"); w.string(change.before)
            w.key("after"); w.string(change.after)
            w.raw("}")
        }
        w.raw("]")
    }
}
