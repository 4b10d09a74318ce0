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
            report(headerTruncated("the input is empty; a typedstream starts with a header of at least 14 bytes", at: 0))
            return false
        }
        streamerVersion = Int(version)
        if version == 3 {
            report(Diagnostic(TypedstreamDiagnosticID.headerOldVersion, .warning,
                              "streamer version 3 (old NeXTSTEP) is decoded as version 4; its differences are not documented, so later errors may come from them",
                              range: ByteRange(0, 1)))
        } else if version != 4 {
            report(Diagnostic(TypedstreamDiagnosticID.headerBadVersion, .error,
                              "streamer version \(version) is not a known typedstream version (3 or 4); decoding as version 4",
                              range: ByteRange(0, 1)))
        }
        guard let signatureLength = input.byte(at: 1) else {
            report(headerTruncated("the input ends at offset 1 inside the typedstream header", at: 1))
            return false
        }
        if signatureLength != 11 {
            report(Diagnostic(TypedstreamDiagnosticID.headerBadSignatureLength, .error,
                              "signature length is \(signatureLength), not 11; reading an 11-byte signature anyway",
                              range: ByteRange(1, 2)))
        }
        guard input.count >= 13 else {
            report(headerTruncated("the input ends at offset \(input.count) inside the 11-byte typedstream signature", at: 2))
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
            report(Diagnostic(TypedstreamDiagnosticID.headerBadSignature, .error,
                              "signature \"\(shown)\" is neither \"streamtyped\" (little-endian) nor \"typedstream\" (big-endian); assuming \(signatureBigEndian ? "big" : "little")-endian",
                              range: ByteRange(2, 13)))
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
            case .truncated(let d), .desync(let d, _), .limit(let d):
                report(Diagnostic(d.id == TypedstreamDiagnosticID.truncated ? TypedstreamDiagnosticID.headerTruncated : d.id,
                                  .error, d.message, range: d.range))
            }
            return false
        }
        systemVersion = Int(clamping: system)
        let systemInt = Int(clamping: system)
        var systemText = "system version \(system)"
        if Self.nextSystemVersions.contains(systemInt) {
            systemText += " (NeXTSTEP)"
        } else if systemInt != Self.macSystemVersion {
            report(Diagnostic(TypedstreamDiagnosticID.headerUnknownSystemVersion, .warning,
                              "system version \(system) is none of those known writers use (1000 for Mac OS X, 82–930 for NeXTSTEP)",
                              range: ByteRange(start, reader.offset)))
        }
        report(Diagnostic(TypedstreamDiagnosticID.header, .note,
                          "typedstream version \(version), \(signatureBigEndian ? "big" : "little")-endian, \(systemText)",
                          range: ByteRange(0, reader.offset)))
        return true
    }

    private func headerTruncated(_ message: String, at offset: Int) -> Diagnostic {
        Diagnostic(TypedstreamDiagnosticID.headerTruncated, .error, message, range: ByteRange(offset, input.count))
    }
}
