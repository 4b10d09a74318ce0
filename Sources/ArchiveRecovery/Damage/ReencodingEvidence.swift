import ArchiveCore
import ArchiveDocuments

/// `damage.reencoded`: the bytes of a binary file were decoded as text and written back: read as
/// Latin-1 and written as UTF-8 (every byte of 0x80 or more became C2 xx or C3 xx; reversible), or
/// read as UTF-8 with bad sequences replaced by U+FFFD (EF BF BD; the bytes are lost).
enum ReencodingEvidence {
    static func find(_ context: DamageContext) -> Diagnostic? {
        guard context.isBinary, context.statistics.highBytes > 0 else { return nil }
        return latin1(context) ?? replacement(context)
    }

    /// Every high byte is part of a C2/C3 pair; decoded back, the format's numbers fit (a binary plist's
    /// trailer) or, for a format without such numbers, its check reads it without error.
    private static func latin1(_ context: DamageContext) -> Diagnostic? {
        guard let decoded = Latin1Reencoding.undo(context.input) else { return nil }
        let pairs = context.input.count - decoded.count
        guard pairs >= 1 else { return nil }
        var evidence = ""
        let fit = context.descriptor?.numbersFit(decoded) ?? .noNumbers
        if case .fit(let how) = fit {
            evidence = "; with each pair read back as one byte the file is \(ValueFormatter.byteCount(decoded.count)) and \(how)"
        } else if fit == .misfit {
            return nil
        } else if context.isStructural, decodesCleanly(decoded) {
            evidence = "; with each pair read back as one byte the file (\(ValueFormatter.byteCount(decoded.count))) decodes with no error"
        } else if pairs < 4 {
            return nil
        }
        let first = context.input.clamp(ByteRange(start: Latin1Reencoding.firstPair(context.input) ?? 0, count: 2))
        return Diagnostic(DamageCode.reencoded,
                          "the file was read as Latin-1 text and written as UTF-8: all of its bytes of 0x80 or more are two-byte sequences "
                          + "C2 xx or C3 xx (\(pairs) of them), which grew it by \(ValueFormatter.byteCount(pairs)) and moved every offset after the first"
                          + evidence,
                          range: first,
                          notes: [DiagnosticNote("the first re-encoded byte: a C2/C3 pair standing for one byte of 0x80 or more", range: first)])
    }

    /// Whether `bytes` decode with no error: a typedstream's or NIBArchive's own check is the judge of
    /// a reading, as its trailer is for a binary plist.
    private static func decodesCleanly(_ bytes: [UInt8]) -> Bool {
        !ArchiveDocument.open(InputBytes(bytes), name: "").graph.fullCheck().contains { $0.severity == .error }
    }

    /// Runs of EF BF BD (U+FFFD): bytes a UTF-8 decoder could not read and replaced.
    private static func replacement(_ context: DamageContext) -> Diagnostic? {
        var count = 0
        var first: Int?
        context.input.buffer.withMemoryRebound(to: UInt8.self) { bytes in
            var i = 0
            while i + 2 < bytes.count {
                if bytes[i] == 0xEF, bytes[i + 1] == 0xBF, bytes[i + 2] == 0xBD {
                    count += 1
                    if first == nil { first = i }
                    i += 3
                } else {
                    i += 1
                }
            }
        }
        let high = context.statistics.highBytes
        guard count >= 2, count * 3 * 2 >= high, let first else { return nil }
        return Diagnostic(DamageCode.reencoded,
                          "the file was decoded as UTF-8 text with invalid bytes replaced: it holds \(count) replacement characters U+FFFD "
                          + "(EF BF BD), \(count * 3) of its \(high) bytes of 0x80 or more; each stands for a byte (or several) whose value is lost",
                          range: ByteRange(start: first, count: 3),
                          notes: [DiagnosticNote("the first replacement character", range: ByteRange(start: first, count: 3))])
    }
}

/// Undoing a Latin-1 → UTF-8 re-encoding: C2 xx → xx, C3 xx → xx + 0x40.
enum Latin1Reencoding {
    /// The original bytes, or nil when some byte of 0x80 or more is not part of a C2/C3 pair.
    static func undo(_ input: InputBytes) -> [UInt8]? {
        input.buffer.withMemoryRebound(to: UInt8.self) { bytes -> [UInt8]? in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b < 0x80 { out.append(b); i += 1; continue }
                guard b == 0xC2 || b == 0xC3, i + 1 < bytes.count, bytes[i + 1] & 0xC0 == 0x80 else { return nil }
                out.append(b == 0xC2 ? bytes[i + 1] : bytes[i + 1] + 0x40)
                i += 2
            }
            return out
        }
    }

    static func firstPair(_ input: InputBytes) -> Int? {
        input.buffer.withMemoryRebound(to: UInt8.self) { bytes in bytes.firstIndex { $0 >= 0x80 } }
    }
}
