import ArchiveCore

/// CFURL bookmark data (magic `book`): Finder alias files, the `Bookmark` values of `.sfl2`/`.sfl3`
/// shared-file lists, `.btm` background-item stores, Dock tiles. Decoded in one bounded pass into
/// the header, every table of contents, and every item with its byte ranges; problems are
/// diagnostics (`bookmark.*`), never thrown.
///
/// A bookmark usually sits inside a data value of a property list, so it can be decoded from a
/// range of a larger input. Every range it reports (items, fields, diagnostics, views) is relative
/// to the bookmark's first byte; `outer(_:)` and `outerDiagnostics` turn them into offsets of the
/// input it was read from.
package struct BookmarkData: Sendable {
    /// The bytes the bookmark was read from (it may be a part of them).
    package let input: InputBytes
    /// Where the bookmark starts in `input`.
    package let origin: Int
    /// How many bytes of `input` the bookmark was given.
    package let count: Int
    /// The header, or nil when the bytes are not bookmark data or too short for one.
    package let header: BookmarkHeader?
    /// The tables of contents in chain order.
    package let tocs: [BookmarkTOC]
    /// Every item read, addressed by index (from TOC entries, keys and container links).
    package let items: [BookmarkItem]
    /// The problems found, in the order they were met; ranges relative to the bookmark.
    package let diagnostics: [Diagnostic]

    /// Decodes the bookmark in `range` of `input` (all of it when nil).
    package init(input: InputBytes, range: ByteRange? = nil) {
        var decoder = BookmarkDecoder(reader: BookmarkReader(input: input, range: range))
        decoder.decode()
        self.input = input
        origin = decoder.reader.origin
        count = decoder.reader.count
        header = decoder.header
        tocs = decoder.tocs
        items = decoder.items
        diagnostics = decoder.diagnostics
    }

    /// Decodes `bytes` as a bookmark.
    package init(bytes: [UInt8]) { self.init(input: InputBytes(bytes)) }

    /// Whether `input` (from `offset`) starts like bookmark data: `book` (either header shape) or a
    /// bookmark-layout `alis`, with a header size and data offset that fit. For content detection;
    /// the classic Alias Manager record is `AliasRecord.matches`.
    package static func matches(_ input: InputBytes, at offset: Int = 0) -> Bool {
        let reader = BookmarkReader(input: input, range: ByteRange(Swift.min(Swift.max(0, offset), input.count), input.count))
        guard let shape = BookmarkHeader.shape(reader), let header = BookmarkHeader(reader, shape: shape) else { return false }
        return header.dataOffset >= 16 && reader.has(header.dataOffset, 4)
    }

    /// `matches` for bytes in memory.
    package static func matches(_ bytes: [UInt8]) -> Bool { matches(InputBytes(bytes)) }

    /// A bookmark-relative range as a range of `input`.
    package func outer(_ range: ByteRange) -> ByteRange { ByteRange(origin + range.start, origin + range.end) }

    /// The diagnostics with their ranges (and their notes' ranges) in `input`'s offsets.
    package var outerDiagnostics: [Diagnostic] {
        guard origin != 0 else { return diagnostics }
        return diagnostics.map { d in
            d.with(range: .some(d.range.map(outer)),
                   notes: d.notes.map { DiagnosticNote($0.message, range: $0.range.map(outer), position: $0.position) })
        }
    }

    /// The payload bytes of item `index` (strings, data, URLs, unknown types).
    package func bytes(of index: Int) -> [UInt8] {
        guard items.indices.contains(index) else { return [] }
        return reader.bytes(items[index].payloadRange)
    }

    /// The payload of item `index` as UTF-8 text (invalid sequences as U+FFFD), at most `limit` bytes of it.
    package func text(of index: Int, limit: Int = Int.max) -> String {
        guard items.indices.contains(index) else { return "" }
        let payload = items[index].payloadRange
        return String(decoding: reader.bytes(ByteRange(start: payload.start, count: Swift.min(payload.count, limit))), as: UTF8.self)
    }

    /// The first entry with `key` (numeric), searching the tables of contents in order, as
    /// CoreServices does.
    package func entry(_ key: BookmarkKnownKey) -> BookmarkTOCEntry? {
        for toc in tocs {
            if let found = toc.entries.first(where: { $0.key == .numeric(key.rawValue) }) { return found }
        }
        return nil
    }

    /// The item of the first entry with `key`.
    package func item(_ key: BookmarkKnownKey) -> Int? { entry(key)?.value.item }

    var reader: BookmarkReader { BookmarkReader(input: input, range: ByteRange(start: origin, count: count)) }
}
