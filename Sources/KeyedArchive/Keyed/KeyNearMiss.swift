import ArchiveCore

/// Keys that are almost a reserved key (`$toppo`, `$Top`, `$classy` for `$top` and `$class`): a
/// diagnostic about the missing key names them in a note, since a hand-written or damaged archive
/// usually has the key, misspelt, rather than not at all.
enum KeyNearMiss {
    /// Whether `key` looks like a misspelling of `expected`: the same letters in another case, the
    /// expected key with something added at the end, or at most two edits away.
    static func isNearMiss(_ key: String, of expected: String) -> Bool {
        let a = Array(key.utf8), b = Array(expected.utf8)
        // Long keys are not misspellings of short ones; this also bounds the edit distance's cost.
        guard a != b, a.count <= b.count + 8, a.count + 2 >= b.count else { return false }
        if key.lowercased() == expected.lowercased() || a.starts(with: b) { return true }
        return EditDistance.between(a, b) <= (b.count > 4 ? 2 : 1)
    }

    /// The note's text.
    static func message(_ key: String, of expected: String) -> String {
        "key \"\(ValueFormatter.excerpt(key))\" is almost \(expected)"
    }

    /// Notes naming the keys of `entries` (at most three) that are almost `expected`, at their bytes.
    static func notes(_ entries: some Collection<(key: String, keyNode: Int, valueNode: Int)>, of expected: String,
                      in tree: any PlistTree) -> [DiagnosticNote] {
        entries.prefix(64).filter { isNearMiss($0.key, of: expected) }.prefix(3).map {
            let key = tree.node($0.keyNode)
            return DiagnosticNote(message($0.key, of: expected), range: key.range, position: key.position)
        }
    }
}
