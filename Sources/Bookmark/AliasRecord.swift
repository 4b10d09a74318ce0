import ArchiveCore

/// A classic Alias Manager record (resource type `alis`): old Finder aliases, and the alias data of
/// pre-10.11 login-item and recent-item plists. Recognised by structure (it has no signature) and
/// decoded as far as is cheap and safe: version, kind, volume and target names, dates, parent
/// directory and file IDs, and the tagged fields (POSIX path, mount point, CNID path…); anything else
/// stays as bytes. Big-endian throughout. Ranges are relative to the record's first byte.
///
/// Layout: 0 application data (4), 4 record size (u16), 6 version (u16: 2 or 3), then the fixed part:
/// - version 2 (8..150): 8 kind, 10 volume name (Pascal, 28), 38 volume date (u32, s since 1904),
///   42 file-system type (2), 44 disk type, 46 parent directory ID (u32), 50 target name (Pascal, 64),
///   114 file ID (u32), 118 creation date (u32), 122 creator (4), 126 type (4), 130 levels from,
///   132 levels to, 134 volume attributes (u32), 138 file-system ID (2), 140 reserved (10);
/// - version 3 (8..58): 8 kind, 10 volume date (u64, 1/65536 s since 1904), 18 file-system type (4),
///   22 disk type, 24 parent directory ID, 28 file ID, 32 creation date (u64, 1/65536 s), 40 volume
///   attributes, 44 reserved (14);
/// then tagged fields: tag (u16), length (u16), value, a pad byte after an odd length; tag 0xffff ends.
package struct AliasRecord: Sendable {
    package let input: InputBytes
    /// Where the record starts in `input`.
    package let origin: Int
    package let count: Int
    /// The record size field (offset 4), or nil when the record is shorter than 8 bytes.
    package let declaredSize: Int?
    /// The version field (offset 6): 2 or 3 in real records.
    package let version: UInt16?
    /// The decoded fields in layout order, then one per tagged field (`tag 14 (unicodeFileName)`…).
    package let fields: [BookmarkField]
    /// The tagged fields read.
    package let tags: [AliasTag]
    package let diagnostics: [Diagnostic]

    /// Decodes the record in `range` of `input` (all of it when nil).
    package init(input: InputBytes, range: ByteRange? = nil) {
        var decoder = AliasRecordDecoder(reader: BookmarkReader(input: input, range: range))
        decoder.decode()
        self.input = input
        origin = decoder.reader.origin
        count = decoder.reader.count
        declaredSize = decoder.declaredSize
        version = decoder.version
        fields = decoder.fields
        tags = decoder.tags
        diagnostics = decoder.diagnostics
    }

    /// Decodes `bytes` as an alias record.
    package init(bytes: [UInt8]) { self.init(input: InputBytes(bytes)) }

    /// Whether the bytes from `offset` are an alias record: version 2 or 3, kind file or folder, a
    /// record size that covers the fixed part and fits, and tagged fields that end with 0xffff
    /// within that size. (No signature exists, so the structure is the test.)
    package static func matches(_ input: InputBytes, at offset: Int = 0) -> Bool {
        let reader = BookmarkReader(input: input, range: ByteRange(Swift.min(Swift.max(0, offset), input.count), input.count))
        guard let size = reader.uintBE(4, width: 2), let version = reader.uintBE(6, width: 2), let kind = reader.uintBE(8, width: 2),
              version == 2 || version == 3, kind <= 1 else { return false }
        let fixedEnd = version == 2 ? AliasRecordDecoder.v2End : AliasRecordDecoder.v3End
        guard Int(size) >= fixedEnd + 4, Int(size) <= reader.count else { return false }
        return AliasRecordDecoder.tagChainEnds(reader, from: fixedEnd, end: Int(size))
    }

    /// `matches` for bytes in memory.
    package static func matches(_ bytes: [UInt8]) -> Bool { matches(InputBytes(bytes)) }

    /// The field named `name`.
    package func field(_ name: String) -> BookmarkField? { fields.first { $0.name == name } }

    /// A record-relative range as a range of `input`.
    package func outer(_ range: ByteRange) -> ByteRange { ByteRange(origin + range.start, origin + range.end) }

    /// The diagnostics with their ranges in `input`'s offsets.
    package var outerDiagnostics: [Diagnostic] {
        guard origin != 0 else { return diagnostics }
        return diagnostics.map { d in
            d.with(range: .some(d.range.map(outer)), notes: d.notes.map { DiagnosticNote($0.message, range: $0.range.map(outer)) })
        }
    }

    /// The path, volume, dates and file ID in the form bookmarks give them. The path is the POSIX
    /// path (tag 18) under `/` when the volume is the root, else under its mount point (tag 19).
    package var summary: BookmarkSummary {
        var s = BookmarkSummary()
        func string(_ name: String) -> String? {
            if case .string(let text) = field(name)?.value { return text }
            return nil
        }
        let posix = string("posixPath"), mount = string("volumeMountPoint")
        s.path = posix.map { p in p.hasPrefix("/") ? p : (mount.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "/") + p }
            ?? string("targetName")
        s.volumeName = string("volumeName")
        s.volumeMountPoint = mount
        if case .date(let t) = field("creationDate")?.value { s.creationDate = t }
        if case .date(let t) = field("volumeCreationDate")?.value { s.volumeCreationDate = t }
        if case .integer(let id) = field("fileID")?.value { s.fileID = id }
        if let version { s.flags.append("alias record v\(version)") }
        if case .integer(let kind) = field("kind")?.value { s.flags.append(kind == 1 ? "folder" : "file") }
        return s
    }
}

/// One tagged field of an alias record.
package struct AliasTag: Sendable, Equatable {
    package let tag: UInt16
    /// Tag, length, value (without the pad byte).
    package let range: ByteRange
    let valueRange: ByteRange
}
