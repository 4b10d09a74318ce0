import ArchiveCore

/// Whether a data value may hold an archive or record at all, from every registered format's clues
/// (`FormatDescriptor.embeddedClues`) joined into two byte tables and a length: a few loads per value
/// where the full probe (`FormatDetector` over every descriptor, a copy of the first bytes, the text
/// encoding's detection) cost 11% of a plain plist's conversion (issue 39). Passing the pretest says
/// nothing; failing it means no probe of `EmbeddedArchive.format(of:)` could accept the value.
struct EmbeddedPretest: Sendable {
    /// Per byte value: whether a value starting with it may hold a format (a signature's first byte).
    private let starts: [Bool]
    /// Per byte value: whether a value with it among its first `head` bytes may (text markup).
    private let marks: [Bool]
    /// How many first bytes `marks` is looked for in.
    private let head: Int
    /// From this many bytes on, a value may hold a format whatever its bytes (a structure probe).
    private let anyBytesFrom: Int

    /// The pretest of `descriptors`' clues, for values whose first `head` bytes are probed.
    init(_ descriptors: [any FormatDescriptor], head: Int) {
        var starts = [Bool](repeating: false, count: 256), marks = starts
        var anyBytesFrom = Int.max
        for clues in descriptors.map(\.embeddedClues) {
            for b in clues.firstBytes { starts[Int(b)] = true }
            for b in clues.markBytes { marks[Int(b)] = true }
            if let from = clues.anyBytesFrom { anyBytesFrom = Swift.min(anyBytesFrom, from) }
        }
        self.starts = starts
        self.marks = marks
        self.head = head
        self.anyBytesFrom = anyBytesFrom
    }

    /// Whether some format's clue is in `bytes`, so the full probe must look.
    func mayHold(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first else { return false }
        if bytes.count >= anyBytesFrom || starts[Int(first)] { return true }
        return bytes.prefix(head).contains { marks[Int($0)] }
    }
}
