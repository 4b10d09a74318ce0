/// Keys and class names from a file compare by their code units, the way NSString's
/// `-isEqualToString:` and CF's dictionaries compare them. Swift's `==`, `hasPrefix` and hashing use
/// canonical equivalence instead: "é" equals "e\u{301}" (two keys to NSKeyedUnarchiver, one to Swift),
/// and both sides are normalized, so one letter carrying 50,000 accents costs milliseconds per
/// comparison, which a file repeating it for every object turns into minutes.
extension String {
    /// Equal UTF-8 code units.
    func isLiterally(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let compared = utf8.withContiguousStorageIfAvailable { a in
            other.utf8.withContiguousStorageIfAvailable { b in a.elementsEqual(b) }
        }
        return (compared ?? nil) ?? utf8.elementsEqual(other.utf8)
    }

    /// Starts with the UTF-8 code units of `prefix`.
    func hasLiteralPrefix(_ prefix: String) -> Bool {
        utf8.starts(with: prefix.utf8)
    }
}

/// A string hashed and compared by its UTF-8 code units (see `isLiterally`), for sets and dictionaries
/// of keys and class names from a file.
struct LiteralText: Hashable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static func == (a: LiteralText, b: LiteralText) -> Bool {
        a.text.isLiterally(b.text)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) {
            return done
        }
        for byte in text.utf8 { hasher.combine(byte) }
    }
}
