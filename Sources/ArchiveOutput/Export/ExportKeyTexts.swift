import ArchiveCore

/// The texts of a plain property list's dictionary keys by key node, remembered over one export: a
/// binary plist writer stores each distinct key once and every dictionary lists it, so 200,000
/// dictionaries of 8 keys name the same 8 key nodes 1.6 million times (decoding each again was 5.5%
/// of `--unarchive xml1`, issue 39). One per `ExportShapes`, used by the thread that writes. In an
/// archive the nodes are the key objects of its dictionaries (`NS.keys`), which they share too.
///
/// Each remembered text also has a number, the same for equal texts (`LiteralText`), found once per
/// key node: a dictionary's repeated keys are then found by comparing numbers, with no text compared
/// or hashed per dictionary.
final class ExportKeyTexts {
    private var texts: [Int: (text: String, number: Int)] = [:]
    private var numbers: [LiteralText: Int] = [:]
    private var hits = 0
    /// Whether lookups still pay: false once the table is full of keys never met again (XML and
    /// OpenStep plists have a node per key occurrence).
    private var looks = true
    /// Most key nodes remembered (as `KeyedReadCache.limit`).
    static let limit = 65_536

    /// The text of string key `node`, remembered, or loaded by `load` (nil: not a string key, never
    /// remembered).
    func text(of node: Int, load: (Int) -> String?) -> String? {
        key(of: node, load: load)?.text
    }

    /// `text(of:load:)` with the text's number (nil when the text is not remembered: past the limit,
    /// or once lookups stopped paying).
    func key(of node: Int, load: (Int) -> String?) -> (text: String, number: Int?)? {
        guard looks else { return load(node).map { ($0, nil) } }
        if let hit = texts[node] {
            hits += 1
            return (hit.text, hit.number)
        }
        guard let text = load(node) else { return nil }
        if texts.count < Self.limit {
            let number = numbers[LiteralText(text), default: numbers.count]
            numbers[LiteralText(text)] = number
            texts[node] = (text, number)
            return (text, number)
        } else if hits < texts.count {
            looks = false
        }
        return (text, nil)
    }
}
