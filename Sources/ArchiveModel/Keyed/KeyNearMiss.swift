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
}
