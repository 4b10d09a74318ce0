import ArchiveCore

/// The texts of a plain property list's dictionary keys by key node, remembered over one export: a
/// binary plist writer stores each distinct key once and every dictionary lists it, so 200,000
/// dictionaries of 8 keys name the same 8 key nodes 1.6 million times (decoding each again was 5.5%
/// of `--unarchive xml1`, issue 39). One per `ExportShapes`, used by the thread that writes.
final class ExportKeyTexts {
    private var texts: [Int: String] = [:]
    private var hits = 0
    /// Whether lookups still pay: false once the table is full of keys never met again (XML and
    /// OpenStep plists have a node per key occurrence).
    private var looks = true
    /// Most key nodes remembered (as `KeyedReadCache.limit`).
    static let limit = 65_536

    /// The text of string key `node`, remembered, or loaded by `load` (nil: not a string key, never
    /// remembered).
    func text(of node: Int, load: (Int) -> String?) -> String? {
        guard looks else { return load(node) }
        if let hit = texts[node] {
            hits += 1
            return hit
        }
        guard let text = load(node) else { return nil }
        if texts.count < Self.limit {
            texts[node] = text
        } else if hits < texts.count {
            looks = false
        }
        return text
    }
}
