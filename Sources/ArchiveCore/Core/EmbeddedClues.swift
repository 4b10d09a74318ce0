/// The cheapest evidence a data value holding a format shows: what any of the format's probes needs
/// before it can accept the value. A format declares its clues beside its probes (by default the
/// first bytes of its signatures that start data); `EmbeddedPretest` joins every format's into the
/// test that spares a data value the full probe (`EmbeddedArchive.format(of:)`) when no format's
/// clue is there. A clue must be necessary, never merely likely: a value the pretest passes over is
/// never looked at again.
package struct EmbeddedClues: Sendable, Equatable {
    /// Bytes one of which starts every data value a signature probe accepts (`bplist` → `b`).
    package var firstBytes: [UInt8]
    /// Bytes one of which lies in the first `EmbeddedArchive.probedHead` bytes of every data value a
    /// text probe accepts, whatever blanks, byte-order mark or UTF-16/32 encoding come first (`<`).
    package var markBytes: [UInt8]
    /// The fewest bytes of a data value that a probe may accept without any of the above (a structure
    /// probe: a binary plist's trailer, an alias record's fields); nil when every probe needs a clue.
    package var anyBytesFrom: Int?

    /// Clues from their parts; none by default.
    package init(firstBytes: [UInt8] = [], markBytes: [UInt8] = [], anyBytesFrom: Int? = nil) {
        self.firstBytes = firstBytes
        self.markBytes = markBytes
        self.anyBytesFrom = anyBytesFrom
    }

    /// The first bytes of `signatures` that start data (a mark inside the bytes, such as an alias
    /// record's end tag, says nothing about the first byte).
    package init(signatures: [FormatSignature]) {
        self.init(firstBytes: signatures.filter(\.startsData).compactMap(\.bytes.first))
    }
}
