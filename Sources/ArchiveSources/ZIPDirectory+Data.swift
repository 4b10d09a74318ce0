import CZlib
import ArchiveCore
import ArchiveDocuments

/// The bytes of one ZIP entry: stored bytes as they are, deflated ones inflated within a limit, the
/// CRC-32 checked. Problems are diagnostics on the entry, never a failure of the whole source.
extension ZIPDirectory {
    /// What reading an entry gave: its bytes (all, or as many as could be had) and its problems.
    struct EntryData {
        var bytes: [UInt8]
        var problems: [Diagnostic]
        /// Nothing usable was read (encrypted, unknown method, header outside the file).
        var unreadable: Bool
    }

    /// The most bytes one entry may inflate to: as `Unwrapper.inflateLimit` (200 times its compressed
    /// size, at least 16 MiB, at most 1 GiB).
    static func inflateLimit(_ entry: ZIPEntry) -> Int { Unwrapper.inflateLimit(for: entry.compressedSize) }

    /// The entry's bytes, at most `limit` of them (`prefix` reads only the first bytes, for sniffing,
    /// and then checks nothing).
    static func data(of entry: ZIPEntry, in input: InputBytes, prefix: Int? = nil) -> EntryData {
        let name = DisplayText.escape(bytes: entry.name)
        func fail(_ code: SourceCode, _ message: String) -> EntryData {
            EntryData(bytes: [], problems: [Diagnostic(code, message, range: ByteRange(entry.localOffset, entry.localOffset + 30))], unreadable: true)
        }
        if entry.isEncrypted { return fail(.zipEncrypted, "entry \(name) is encrypted (general-purpose flag bit 0); it is not opened") }
        guard entry.method == 0 || entry.method == 8 else {
            return fail(.zipMethod, "entry \(name) is compressed with method \(entry.method) (\(methodName(entry.method))); only stored (0) and deflate (8) are inflated")
        }
        guard let start = dataStart(input, entry) else {
            return fail(.zipEntryDamaged, "entry \(name): no local file header at offset \(entry.localOffset) of the \(ValueFormatter.byteCount(input.count)) file")
        }
        let limit = inflateLimit(entry)
        let wanted = Swift.min(prefix ?? limit, limit)
        let available = input.count - start
        // A recovered entry with a data descriptor does not know its compressed size: read to the stream's end.
        let compressedSize = entry.recovered && entry.usesDataDescriptor && entry.compressedSize == 0 ? available : entry.compressedSize
        var problems: [Diagnostic] = []
        let range = ByteRange(start, start.addingReportingOverflow(Swift.min(compressedSize, available)).partialValue)
        if compressedSize > available {
            problems.append(Diagnostic(SourceCode.zipEntryDamaged,
                "entry \(name) claims \(ValueFormatter.byteCount(compressedSize)) of data from offset \(start), past the end of the \(ValueFormatter.byteCount(input.count)) file; its first \(ValueFormatter.byteCount(available)) are read",
                range: range))
        }
        if prefix == nil, entry.uncompressedSize > limit {
            problems.append(Diagnostic(SourceCode.zipBomb,
                "entry \(name) declares \(ValueFormatter.byteCount(entry.uncompressedSize)) inflated from \(ValueFormatter.byteCount(entry.compressedSize)), past the limit of \(ValueFormatter.byteCount(limit)); only that much is inflated",
                range: range))
        }
        var bytes: [UInt8]
        if entry.method == 0 {
            bytes = input.bytes(in: ByteRange(range.start, range.start.addingReportingOverflow(Swift.min(range.count, wanted)).partialValue))
        } else {
            guard let result = Inflater.inflate(input, .raw, limit: wanted, range: range) else {
                return fail(.zipEntryDamaged, "entry \(name): zlib could not start inflating")
            }
            bytes = result.bytes
            if prefix == nil, result.hitLimit, entry.uncompressedSize <= limit {
                problems.append(Diagnostic(SourceCode.zipBomb,
                    "entry \(name) inflates past \(ValueFormatter.byteCount(limit)) although it declares \(ValueFormatter.byteCount(entry.uncompressedSize)); inflating stopped there",
                    range: range))
            }
            if prefix == nil, let failure = result.failure {
                problems.append(Diagnostic(SourceCode.zipEntryDamaged,
                    "entry \(name) cannot be inflated past compressed offset \(failure.offset) (\(DisplayText.escape(failure.message))); the \(ValueFormatter.byteCount(result.bytes.count)) inflated before that are used",
                    range: range))
            }
        }
        if prefix == nil, problems.isEmpty, !entry.recovered || entry.crc != 0 {
            let crc = bytes.withUnsafeBufferPointer { UInt32(truncatingIfNeeded: crc32(0, $0.baseAddress, UInt32(clamping: $0.count))) }
            if crc != entry.crc {
                problems.append(Diagnostic(SourceCode.zipChecksum,
                    "entry \(name): the inflated bytes have CRC-32 \(hex32(crc)), the directory says \(hex32(entry.crc))", range: range))
            }
        }
        return EntryData(bytes: bytes, problems: problems, unreadable: false)
    }

    static func methodName(_ method: UInt16) -> String {
        switch method {
        case 9: "deflate64"
        case 12: "bzip2"
        case 14: "LZMA"
        case 93: "zstd"
        case 95: "xz"
        case 99: "AES encryption"
        default: "unknown"
        }
    }

    private static func hex32(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: Swift.max(0, 8 - digits.count)) + digits
    }
}
