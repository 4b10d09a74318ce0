import ArchiveCore

/// The texts of the key table or the class-name table: decoded once when there are few (every nib
/// ibtool writes has a few hundred), else decoded from the file when asked for.
struct NIBTextTable: Sendable {
    let kind: NIBTableKind
    let table: NIBArchiveTable
    /// Texts decoded when the file was opened (all of them, when `table.found <= eagerLimit`).
    private let texts: [String]
    /// Problems of the decoded texts: invalid UTF-8, class names without their zero byte.
    let diagnostics: [Diagnostic]
    /// Indices of the keys whose text is exactly `UINibEncoderEmptyKey` (keys table only).
    let emptyKeys: Set<Int>

    /// Most texts decoded when the file is opened.
    static let eagerLimit = 65_536

    static let emptyKey = "UINibEncoderEmptyKey"

    init(_ kind: NIBTableKind, layout: NIBArchiveLayout, reader: NIBArchiveReader) {
        self.kind = kind
        table = layout[kind]
        var texts: [String] = []
        var found: [Diagnostic] = []
        var empty: Set<Int> = []
        let emptyBytes = Array(Self.emptyKey.utf8)
        var position = table.offset
        for index in 0..<table.found {
            guard let (bytes, range, end) = Self.read(kind, at: position, reader) else { break }
            position = end
            if kind == .keys, bytes.count == emptyBytes.count, reader.input.matches(emptyBytes, at: bytes.start) { empty.insert(index) }
            guard index < Self.eagerLimit else { continue }
            let (text, problem) = Self.text(kind, bytes: bytes, index: index, reader: reader)
            texts.append(text)
            if let problem { found.append(problem.diagnostic(range)) }
        }
        self.texts = texts
        diagnostics = found
        emptyKeys = empty
    }

    /// The text bytes of the entry at `offset` (a class name without its zero byte), the entry's range,
    /// and the offset after it.
    private static func read(_ kind: NIBTableKind, at offset: Int, _ reader: NIBArchiveReader) -> (ByteRange, ByteRange, Int)? {
        if kind == .keys {
            guard let (text, end) = try? reader.key(at: offset) else { return nil }
            return (text, ByteRange(offset, end), end)
        }
        guard let (entry, end) = try? reader.className(at: offset) else { return nil }
        return (entry.name, entry.range, end)
    }

    /// The text of an entry's bytes, and what is wrong with them.
    private static func text(_ kind: NIBTableKind, bytes: ByteRange, index: Int, reader: NIBArchiveReader) -> (String, NIBArchiveIssue?) {
        var raw = reader.input.bytes(in: bytes)
        var terminated = true
        if kind == .classNames {
            terminated = raw.last == 0
            if terminated { raw.removeLast() }
        }
        let text = String(decoding: raw, as: UTF8.self)
        let shown = ValueFormatter.quoted(text)
        if String(validating: raw, as: UTF8.self) == nil {
            return (text, kind == .keys ? .keyInvalidUTF8(index: index, shown: shown) : .classInvalidUTF8(index: index, shown: shown))
        }
        if !terminated { return (text, .classUnterminated(index: index, shown: shown)) }
        return (text, nil)
    }

    /// The text of entry `index`, or nil when it does not exist.
    func text(_ index: Int, _ reader: NIBArchiveReader) -> String? {
        if index >= 0, index < texts.count { return texts[index] }
        guard let offset = table.entryOffset(index), let (bytes, _, _) = Self.read(kind, at: offset, reader) else { return nil }
        return Self.text(kind, bytes: bytes, index: index, reader: reader).0
    }

    /// Problems of the texts past `eagerLimit` (the full check's share; the others are in `diagnostics`).
    func laterDiagnostics(_ reader: NIBArchiveReader, progress: (Double) -> Bool) -> [Diagnostic] {
        guard table.found > Self.eagerLimit, let start = table.entryOffset(Self.eagerLimit) else { return [] }
        var found: [Diagnostic] = []
        var position = start
        for index in Self.eagerLimit..<table.found {
            if index % 65_536 == 0, !progress(Double(index) / Double(table.found)) { break }
            guard let (bytes, range, end) = Self.read(kind, at: position, reader) else { break }
            position = end
            if let problem = Self.text(kind, bytes: bytes, index: index, reader: reader).1 { found.append(problem.diagnostic(range)) }
        }
        return found
    }
}
