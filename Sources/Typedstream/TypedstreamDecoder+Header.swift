import ArchiveCore

extension TypedstreamDecoding {
    static let littleEndianSignature = Array("streamtyped".utf8)
    static let bigEndianSignature = Array("typedstream".utf8)
    /// System versions written by NeXTSTEP (typedstream.h NXSYSTEMVERSION constants, via PTS).
    static let nextSystemVersions: Set<Int> = [82, 83, 90, 900, 901, 905, 930]
    static let macSystemVersion = 1000

    /// Reads the header (FORMATS.md D.1): streamer version (byte 0), signature length (byte 1),
    /// signature (bytes 2–12, deciding the byte order) and the system version as an encoded integer.
    /// Returns false when the input ends inside it.
    mutating func readHeader() -> Bool {
        guard let version = input.byte(at: 0) else {
            report(.headerEmpty, range: ByteRange(0, 0))
            return false
        }
        streamerVersion = Int(version)
        if version == 3 {
            report(.headerOldVersion, range: ByteRange(0, 1))
        } else if version != 4 {
            report(.headerBadVersion(version: version), range: ByteRange(0, 1))
        }
        guard let signatureLength = input.byte(at: 1) else {
            report(.headerCut(end: 1, part: "the typedstream header"), range: ByteRange(1, input.count))
            return false
        }
        if signatureLength != 11 {
            report(.headerBadSignatureLength(length: signatureLength), range: ByteRange(1, 2))
        }
        guard input.count >= 13 else {
            report(.headerCut(end: input.count, part: "the 11-byte typedstream signature"), range: ByteRange(2, input.count))
            return false
        }
        readSignature()
        reader.offset = 13
        return readSystemVersion(version: Int(version))
    }

    private mutating func readSignature() {
        let signature = input.bytes(in: ByteRange(2, 13))
        if signature == Self.littleEndianSignature {
            signatureBigEndian = false
        } else if signature == Self.bigEndianSignature {
            signatureBigEndian = true
        } else {
            // Guess the byte order from whichever signature the bytes resemble more.
            let little = zip(signature, Self.littleEndianSignature).filter { $0 == $1 }.count
            let big = zip(signature, Self.bigEndianSignature).filter { $0 == $1 }.count
            signatureBigEndian = big > little
            let shown = DisplayText.escape(String(decoding: signature, as: UTF8.self))
            report(.headerBadSignature(shown: shown, bigEndian: signatureBigEndian), range: ByteRange(2, 13))
        }
        reader.bigEndian = signatureBigEndian
    }

    private mutating func readSystemVersion(version: Int) -> Bool {
        let start = reader.offset
        let system: Int128
        do {
            let head = try reader.readByte("the system version", start: start)
            system = try integer(head: head, at: start, signed: false, "the system version").value
        } catch {
            switch error {
            case .truncated(let d, _):
                // The same message, filed as a header problem (notes kept).
                report(Diagnostic(TypedstreamCode.headerTruncated, d.message, range: d.range, notes: d.notes))
            case .desync(let d, _), .limit(let d):
                report(d.with(severity: .error))
            }
            return false
        }
        systemVersion = Int(clamping: system)
        let systemInt = Int(clamping: system)
        let nextStep = Self.nextSystemVersions.contains(systemInt)
        if !nextStep, systemInt != Self.macSystemVersion {
            report(.headerUnknownSystemVersion(system: system), range: ByteRange(start, reader.offset))
        }
        report(.header(version: version, bigEndian: signatureBigEndian, system: system, nextStep: nextStep),
               range: ByteRange(0, reader.offset))
        return true
    }
}
