/// The help screen, generated from `Keymap.bindings`: one line per distinct command, grouped by section.
public enum HelpText {
    /// One help line: the keys (by `KeyNotation.name`) that do one thing in one section.
    public struct Entry: Sendable, Equatable {
        public var section: String
        public var keys: [String]
        public var text: String
    }

    /// Width of the key column.
    static let keyColumn = 22

    /// The entries in key-table order, bindings with the same section and description merged.
    public static func entries() -> [Entry] { allEntries }

    /// The key table is fixed, so its help is built once (every key pressed in the help overlay and
    /// every frame of it used to rebuild it).
    private static let allEntries: [Entry] = makeEntries()
    private static let allLines: [StyledLine] = makeLines()

    private static func makeEntries() -> [Entry] {
        var result: [Entry] = []
        for binding in Keymap.bindings {
            let names = binding.keys.map(KeyNotation.name)
            if let i = result.firstIndex(where: { $0.section == binding.section && $0.text == binding.description }) {
                result[i].keys += names.filter { !result[i].keys.contains($0) }
            } else {
                result.append(Entry(section: binding.section, keys: names, text: binding.description))
            }
        }
        return result
    }

    /// The help text of one entry: keys padded to the key column, then the description.
    static func text(_ entry: Entry) -> (String, String) {
        let keys = "  " + entry.keys.joined(separator: " ")
        return (keys, String(repeating: " ", count: max(1, keyColumn - TextLayout.width(keys) + 2)) + entry.text)
    }

    /// The help lines: a title, then for each section a heading and its entries (whatever the width:
    /// the overlay cuts long lines).
    public static var lines: [StyledLine] { allLines }

    private static func makeLines() -> [StyledLine] {
        var result: [StyledLine] = [
            [Span("archive-browse keys", Theme.heading)],
            [Span("notation: C-d is Ctrl-D; Esc, q or ? closes this help", Theme.marker)],
        ]
        var section = ""
        for entry in entries() {
            if entry.section != section {
                section = entry.section
                result.append([])
                result.append([Span(section, Theme.heading)])
            }
            let (keys, text) = text(entry)
            result.append([Span(keys, Theme.label), Span(text)])
        }
        result.append([])
        result.append([Span("Mouse: the wheel scrolls, a click focuses a row, a double click toggles it.")])
        return result
    }
}
