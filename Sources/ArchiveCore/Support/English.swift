/// Articles and plurals for messages, so that no template says "a integer", "a XML plist" or
/// "1 more objects". Every message that puts a word or a count from a value into a sentence uses these.
package enum English {
    /// `noun` with "a" or "an" in front, chosen by how the noun is read aloud: "an integer", "a UID",
    /// "an XML plist", "a UTF-16 string", "an NSArray", "a bplist00 file", "an 8-byte integer".
    package static func article(_ noun: String) -> String {
        "\(startsWithVowelSound(noun) ? "an" : "a") \(noun)"
    }

    /// `count` and `noun`, with the noun in the plural unless the count is 1: "1 object", "2 objects",
    /// "3 entries" (`plural` when adding "s" is wrong).
    package static func count<N: BinaryInteger>(_ count: N, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : (plural ?? noun + "s"))"
    }

    /// The noun alone, singular or plural by `count`.
    package static func noun<N: BinaryInteger>(_ count: N, _ noun: String, plural: String? = nil) -> String {
        count == 1 ? noun : (plural ?? noun + "s")
    }

    /// Whether the spoken form of `word` starts with a vowel sound.
    static func startsWithVowelSound(_ word: String) -> Bool {
        let trimmed = word.drop { $0 == "\"" || $0 == "'" || $0 == "<" || $0 == "$" || $0 == "`" }
        guard let first = trimmed.first else { return false }
        // Digits read aloud: 8 ("eight"), 11 and 18 ("eleven", "eighteen"), 80 ("eighty")…
        if first.isNumber {
            let digits = trimmed.prefix { $0.isNumber }
            return digits.hasPrefix("8") || digits == "11" || digits == "18" || digits.hasPrefix("11") && digits.count == 5
        }
        let letters = trimmed.prefix { $0.isLetter }
        // Capitals read as a word, not spelt out: "a NULL pointer", "a NUL byte".
        if ["NULL", "NUL", "NIL"].contains(String(letters)) { return false }
        // All-capital abbreviations are spelt out: "an XML", "an NSArray" (N-S), "a UID", "an SQL".
        if letters.count >= 2, letters.prefix(2).allSatisfy(\.isUppercase) {
            return "AEFHILMNORSX".contains(first)
        }
        let lower = trimmed.lowercased()
        for exception in ["uni", "use", "usa", "usu", "uti", "utf", "one", "once", "euro", "uid", "url", "uuid"] where lower.hasPrefix(exception) {
            return false
        }
        for exception in ["hour", "honest", "heir"] where lower.hasPrefix(exception) { return true }
        return "aeiou".contains(lower.first ?? "x")
    }
}
