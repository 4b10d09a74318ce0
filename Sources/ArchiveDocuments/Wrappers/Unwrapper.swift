import ArchiveCore

/// Takes wrappers off an input (base64 or hex text, gzip or zlib streams, LZFSE / LZVN block streams,
/// nested up to `maxDepth`) when, and only when, what is inside starts like an archive this tool
/// reads; an LZFSE stream (whose block magic says what it is) is taken off whatever it holds, so that
/// a damaged one is named.
package enum Unwrapper {
    /// Wrappers followed inside one another.
    package static let maxDepth = 4

    /// The most bytes one input may inflate to: 200 times its size, at least 16 MiB, at most 1 GiB.
    package static func inflateLimit(for compressedSize: Int) -> Int {
        Swift.min(1 << 30, Swift.max(16 << 20, compressedSize.multipliedReportingOverflow(by: 200).partialValue))
    }

    /// The innermost content with the layers taken off (`InputBytes.wrappers`), or nil when `input`
    /// is not wrapped.
    package static func unwrap(_ input: InputBytes) -> InputBytes? {
        var current = input
        var layers: [WrapperLayer] = []
        while let (kind, bytes, problems) = layer(current) {
            if layers.count == maxDepth {
                let note = Diagnostic(WrapperCode.depthLimit, "the content is wrapped more than \(maxDepth) levels deep; what is shown is level \(maxDepth)")
                if let last = layers.popLast() {
                    layers.append(WrapperLayer(kind: last.kind, outerSize: last.outerSize, innerSize: last.innerSize, problems: last.problems + [note]))
                }
                break
            }
            layers.append(WrapperLayer(kind: kind, outerSize: current.count, innerSize: bytes.count, problems: problems))
            current = InputBytes(bytes)
        }
        guard !layers.isEmpty else { return nil }
        return InputBytes(copying: current, wrappers: layers)
    }

    /// One layer off `input`: its kind, content and problems, when the content looks like an archive.
    static func layer(_ input: InputBytes) -> (WrapperLayer.Kind, [UInt8], [Diagnostic])? {
        if input.matches([0x1F, 0x8B, 0x08]) { return inflated(input, .gzip) }
        if CompressedStreamLayer.matches(input) {
            let (bytes, problems) = CompressedStreamLayer.decompress(input, limit: inflateLimit(for: input.count))
            return (.lzfse, bytes, problems)
        }
        if let b0 = input.byte(at: 0), let b1 = input.byte(at: 1), b0 & 0x0F == 8, b0 >> 4 <= 7, (UInt16(b0) << 8 | UInt16(b1)) % 31 == 0 {
            if let found = inflated(input, .zlib) { return found }
        }
        guard let first = firstNonBlank(input) else { return nil }
        let isHexStart = first == UInt8(ascii: "<") || (first.isHexDigit)
        if isHexStart, let bytes = TextWrapperDecoder.hex(input), looksWrapped(bytes) { return (.hex, bytes, []) }
        if let bytes = TextWrapperDecoder.base64(input), looksWrapped(bytes) { return (.base64, bytes, []) }
        return nil
    }

    private static func inflated(_ input: InputBytes, _ kind: WrapperLayer.Kind) -> (WrapperLayer.Kind, [UInt8], [Diagnostic])? {
        let limit = inflateLimit(for: input.count)
        guard let result = Inflater.inflate(input, kind == .gzip ? .gzip : .zlib, limit: limit),
              looksWrapped(result.bytes, compressed: true) else { return nil }
        var problems: [Diagnostic] = []
        if result.hitLimit {
            problems.append(Diagnostic(WrapperCode.inflateLimit,
                "inflating the \(kind.rawValue) stream stopped at \(ValueFormatter.byteCount(limit)), the limit for a file of \(ValueFormatter.byteCount(input.count)) "
                + "(200 times its size, at least 16 MiB, at most 1 GiB): a decompression bomb, or an archive too large to inflate here; the archive is decoded from the bytes inflated so far"))
        }
        if let failure = result.failure {
            problems.append(Diagnostic(WrapperCode.inflateDamaged,
                "the \(kind.rawValue) stream cannot be inflated past compressed offset \(failure.offset) of \(input.count) (\(DisplayText.escape(failure.message))); "
                + "the \(ValueFormatter.byteCount(result.bytes.count)) inflated before that are decoded"))
        }
        return (kind, result.bytes, problems)
    }

    /// Whether decoded content starts like an archive this tool reads, or like another wrapper. An
    /// inflated stream (whose magic and checksum already say it is one) may hold any format the tool
    /// decodes that its first bytes show (`FormatDescriptor.evidence`: an OpenStep plist's shape, an
    /// alias record's structure too); text that merely decodes must show an archive's signature or its
    /// own markup (plist markup, found in UTF-16 or UTF-32 too; an IB3 archive's root element).
    static func looksWrapped(_ bytes: [UInt8], compressed: Bool = false) -> Bool {
        guard bytes.count >= (compressed ? 1 : 8) else { return false }
        let head = InputBytes(bytes.prefix(4096))
        if head.matches([0x1F, 0x8B, 0x08]) || CompressedStreamLayer.matches(head) { return true }
        let format = FormatDetector.detect(head)
        guard let descriptor = FormatRegistry.descriptor(for: format), descriptor.isDecodable(format) else { return false }
        switch descriptor.evidence(of: format, in: Array(bytes.prefix(4096))) {
        case .signature?, .markup?: return true
        case .structure?, .shape?: return compressed
        case nil: return false
        }
    }

    private static func firstNonBlank(_ input: InputBytes) -> UInt8? {
        var i = 0
        while let b = input.byte(at: i), MarkupScan.isBlank(b) { i += 1 }
        return input.byte(at: i)
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        (self >= 0x30 && self <= 0x39) || (self >= 0x41 && self <= 0x46) || (self >= 0x61 && self <= 0x66)
    }
}
