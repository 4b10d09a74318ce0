/// Keys and class names from a file compare by their code units, the way NSString's
/// `-isEqualToString:` and CF's dictionaries compare them. Swift's `==`, `hasPrefix` and hashing use
/// canonical equivalence instead: "é" equals "e\u{301}" (two keys to NSKeyedUnarchiver, one to Swift),
/// and both sides are normalized, so one letter carrying 50,000 accents costs milliseconds per
/// comparison, which a file repeating it for every object turns into minutes.
extension String {
    /// Equal UTF-8 code units.
    package func isLiterally(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let compared = utf8.withContiguousStorageIfAvailable { a in
            other.utf8.withContiguousStorageIfAvailable { b in Self.sameBytes(a, b, count: a.count) }
        }
        return (compared ?? nil) ?? utf8.elementsEqual(other.utf8)
    }

    /// Starts with the UTF-8 code units of `prefix`.
    package func hasLiteralPrefix(_ prefix: String) -> Bool {
        guard utf8.count >= prefix.utf8.count else { return false }
        let compared = utf8.withContiguousStorageIfAvailable { a in
            prefix.utf8.withContiguousStorageIfAvailable { b in Self.sameBytes(a, b, count: b.count) }
        }
        return (compared ?? nil) ?? utf8.starts(with: prefix.utf8)
    }

    /// Whether the first `count` bytes of `a` and `b` are equal, by `memcmp`: class names and keys are
    /// compared for every object read, and a byte loop was 6% of the keyed fuzz target (and is what
    /// coverage instrumentation traces compare by compare).
    private static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, count: Int) -> Bool {
        guard count > 0 else { return true }
        guard count <= a.count, count <= b.count, let pa = a.baseAddress, let pb = b.baseAddress else { return false }
        return Platform.bytesEqual(pa, pb, count: count)
    }
}

/// A string hashed and compared by its UTF-8 code units (see `isLiterally`), for sets and dictionaries
/// of keys and class names from a file.
package struct LiteralText: Hashable {
    let text: String

    package init(_ text: String) {
        self.text = text
    }

    package static func == (a: LiteralText, b: LiteralText) -> Bool {
        a.text.isLiterally(b.text)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) {
            return done
        }
        for byte in text.utf8 { hasher.combine(byte) }
    }
}
