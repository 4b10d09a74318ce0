import ArchiveCore

/// Reads a ZIP file's table of contents: the end-of-central-directory record (ZIP64 too), then the
/// central directory's records. When the directory is missing or damaged, the entries are recovered
/// by scanning for local file headers. Bounded: at most `limit` entries, every offset checked.
struct ZIPDirectory {
    private(set) var entries: [ZIPEntry] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// Entries past `limit`, counted but not kept.
    private(set) var skipped = 0

    static let endSignature: UInt32 = 0x0605_4B50
    static let end64Signature: UInt32 = 0x0606_4B50
    static let end64LocatorSignature: UInt32 = 0x0706_4B50
    static let centralSignature: UInt32 = 0x0201_4B50
    static let localSignature: UInt32 = 0x0403_4B50

    /// The directory of `input`, keeping at most `limit` entries.
    init(_ input: InputBytes, limit: Int) {
        if let end = Self.findEnd(input), let (count, start, size) = Self.directoryBounds(input, end: end),
           readCentral(input, start: start, size: size, count: count, limit: limit) {
            return
        }
        entries = []
        skipped = 0
        diagnostics = []
        recover(input, limit: limit)
    }

    /// The offset of the end-of-central-directory record: the last one within the final 64 KiB + 22
    /// bytes (a comment may follow it).
    static func findEnd(_ input: InputBytes) -> Int? {
        guard input.count >= 22 else { return nil }
        let lowest = Swift.max(0, input.count - 22 - 0xFFFF)
        var offset = input.count - 22
        while offset >= lowest {
            if input.uintLE(at: offset, width: 4) == UInt64(endSignature) { return offset }
            offset -= 1
        }
        return nil
    }

    /// Entry count, directory start and size from the end record (ZIP64's when the locator is there).
    static func directoryBounds(_ input: InputBytes, end: Int) -> (count: Int, start: Int, size: Int)? {
        // End record: +10 total entries (2), +12 directory size (4), +16 directory offset (4).
        guard var count = input.uintLE(at: end + 10, width: 2).map(Int.init), var size = input.uintLE(at: end + 12, width: 4).map(Int.init),
              var start = input.uintLE(at: end + 16, width: 4).map(Int.init) else { return nil }
        // ZIP64 locator 20 bytes before: +8 offset of the ZIP64 end record (8). That record: +32 total
        // entries (8), +40 directory size (8), +48 directory offset (8).
        if end >= 20, input.uintLE(at: end - 20, width: 4) == UInt64(end64LocatorSignature),
           let at = input.uintLE(at: end - 12, width: 8), at < UInt64(input.count), input.uintLE(at: Int(at), width: 4) == UInt64(end64Signature),
           let c = input.uintLE(at: Int(at) + 32, width: 8), let s = input.uintLE(at: Int(at) + 40, width: 8), let o = input.uintLE(at: Int(at) + 48, width: 8) {
            count = Int(clamping: c)
            size = Int(clamping: s)
            start = Int(clamping: o)
        }
        guard start <= input.count, size <= input.count - start else { return nil }
        return (count, start, size)
    }

    /// Reads `count` central records from `start`; false when the directory is not what the end record says.
    private mutating func readCentral(_ input: InputBytes, start: Int, size: Int, count: Int, limit: Int) -> Bool {
        var offset = start
        let end = start + size
        for _ in 0..<count {
            guard offset + 46 <= end, input.uintLE(at: offset, width: 4) == UInt64(Self.centralSignature),
                  let entry = Self.centralRecord(input, at: offset) else { return false }
            if entries.count < limit { entries.append(entry.entry) } else { skipped += 1 }
            offset = entry.next
        }
        return true
    }

    /// One central record at `offset`: 46 fixed bytes (+10 method, +16 CRC, +20 compressed size,
    /// +24 size, +28 name length, +30 extra length, +32 comment length, +42 local header offset), then
    /// the name, extra fields (ZIP64's 0x0001 holds the sizes and offset that do not fit) and comment.
    static func centralRecord(_ input: InputBytes, at offset: Int) -> (entry: ZIPEntry, next: Int)? {
        func u(_ at: Int, _ width: Int) -> Int? { input.uintLE(at: offset + at, width: width).map { Int(clamping: $0) } }
        guard let flags = u(8, 2), let method = u(10, 2), let crc = u(16, 4), var compressed = u(20, 4), var size = u(24, 4),
              let nameLength = u(28, 2), let extraLength = u(30, 2), let commentLength = u(32, 2), var local = u(42, 4) else { return nil }
        let nameStart = offset + 46, extraStart = nameStart + nameLength
        let next = extraStart + extraLength + commentLength
        guard next <= input.count else { return nil }
        var extra = extraStart
        while extra + 4 <= extraStart + extraLength, let id = input.uintLE(at: extra, width: 2), let length = input.uintLE(at: extra + 2, width: 2) {
            if id == 1 {
                var field = extra + 4
                func take() -> Int? {
                    defer { field += 8 }
                    return field + 8 <= extra + 4 + Int(length) ? input.uintLE(at: field, width: 8).map { Int(clamping: $0) } : nil
                }
                if size == 0xFFFF_FFFF, let v = take() { size = v }
                if compressed == 0xFFFF_FFFF, let v = take() { compressed = v }
                if local == 0xFFFF_FFFF, let v = take() { local = v }
            }
            extra += 4 + Int(length)
        }
        let entry = ZIPEntry(name: input.bytes(in: ByteRange(nameStart, extraStart)), method: UInt16(method), flags: UInt16(flags),
                             crc: UInt32(crc), compressedSize: compressed, uncompressedSize: size, localOffset: local)
        return (entry, next)
    }

    /// Recovery: every local file header from the start, its sizes from the header (for entries with
    /// a data descriptor the compressed size is found by inflating).
    private mutating func recover(_ input: InputBytes, limit: Int) {
        var offset = 0
        while offset + 30 <= input.count {
            guard input.uintLE(at: offset, width: 4) == UInt64(Self.localSignature), let entry = Self.localHeader(input, at: offset) else {
                offset += 1
                continue
            }
            if entries.count < limit { entries.append(entry) } else { skipped += 1 }
            let dataStart = ZIPDirectory.dataStart(input, entry) ?? offset + 30
            offset = entry.compressedSize > 0 ? Swift.min(input.count, dataStart.addingReportingOverflow(entry.compressedSize).partialValue) : dataStart
        }
        let found = English.count(entries.count + skipped, "entry", plural: "entries")
        diagnostics.append(Diagnostic(SourceCode.zipDamaged,
            "the ZIP file has no readable central directory (no end record in its last 64 KiB, or one pointing outside the \(ValueFormatter.byteCount(input.count)) file); \(found) recovered from local headers",
            range: ByteRange(Swift.max(0, input.count - 22), input.count)))
    }

    /// A local header at `offset` read as an entry: +6 flags, +8 method, +14 CRC, +18 compressed
    /// size, +22 size, +26 name length, +28 extra length.
    static func localHeader(_ input: InputBytes, at offset: Int) -> ZIPEntry? {
        func u(_ at: Int, _ width: Int) -> Int? { input.uintLE(at: offset + at, width: width).map { Int(clamping: $0) } }
        guard let flags = u(6, 2), let method = u(8, 2), let crc = u(14, 4), let compressed = u(18, 4), let size = u(22, 4),
              let nameLength = u(26, 2), offset + 30 + nameLength <= input.count else { return nil }
        return ZIPEntry(name: input.bytes(in: ByteRange(offset + 30, offset + 30 + nameLength)), method: UInt16(method), flags: UInt16(flags),
                        crc: UInt32(crc), compressedSize: compressed, uncompressedSize: size, localOffset: offset, recovered: true)
    }

    /// Where an entry's data begins: after its local header's 30 bytes, name and extra field.
    static func dataStart(_ input: InputBytes, _ entry: ZIPEntry) -> Int? {
        let at = entry.localOffset
        guard at >= 0, input.uintLE(at: at, width: 4) == UInt64(localSignature),
              let nameLength = input.uintLE(at: at + 26, width: 2), let extraLength = input.uintLE(at: at + 28, width: 2) else { return nil }
        let start = at + 30 + Int(nameLength) + Int(extraLength)
        return start <= input.count ? start : nil
    }
}
