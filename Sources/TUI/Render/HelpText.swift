/// The help screen, generated from `Keymap.bindings`: one line per distinct command, grouped by section.
public enum HelpText {
    /// Width of the key column.
    static let keyColumn = 22

    /// The help lines: a title, then for each section a heading and `keys  description` lines.
    public static func lines(width: Int) -> [StyledLine] {
        var result: [StyledLine] = [[Span("archive-browse keys", Theme.heading)], [Span("notation: C-d is Ctrl-D; Esc, q or ? closes this help", Theme.marker)]]
        var sections: [String] = []
        var entries: [String: [(keys: [String], text: String)]] = [:]
        for binding in Keymap.bindings {
            if !sections.contains(binding.section) { sections.append(binding.section) }
            let names = binding.keys.map(KeyNotation.name)
            var list = entries[binding.section] ?? []
            if let i = list.firstIndex(where: { $0.text == binding.description }) {
                list[i].keys += names.filter { !list[i].keys.contains($0) }
            } else {
                list.append((names, binding.description))
            }
            entries[binding.section] = list
        }
        for section in sections {
            result.append([])
            result.append([Span(section, Theme.heading)])
            for entry in entries[section] ?? [] {
                let keys = entry.keys.joined(separator: " ")
                let pad = max(1, keyColumn - TextLayout.width(keys))
                result.append([Span("  " + keys, Theme.label), Span(String(repeating: " ", count: pad) + entry.text)])
            }
        }
        result.append([])
        result.append([Span("Mouse: the wheel scrolls, a click focuses a row, a double click toggles it.")])
        return result
    }
}
