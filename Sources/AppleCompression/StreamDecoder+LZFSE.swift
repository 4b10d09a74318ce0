extension StreamDecoder {
    /// An LZFSE block (v1 or v2 header): header, literal payload, L/M/D payload. The whole block
    /// must be in the input, since both payloads are read from their ends. Its output is not held
    /// to its declared raw size (the reference decodes by the L/M/D stream alone); a difference
    /// is reported afterwards.
    mutating func decodeLZFSEBlock(_ block: BlockRef) -> Bool {
        let outputStart = output.count
        guard let header = readLZFSEHeader(block) else { return false }
        let payloadStart = block.start + header.headerSize
        let payloadEnd = payloadStart + header.payloadSize // each part below 2^20: no overflow
        defer { record(block, declaredRaw: header.rawSize, declaredPayload: header.payloadSize, outputStart: outputStart) }
        guard payloadEnd <= input.count, let bytes else {
            let needed = header.headerSize + header.payloadSize
            report(.blockTruncated(block, part: "header and payload", needed: needed, available: input.count - block.start), at: block.start)
            position = input.count
            return false
        }
        position = payloadEnd
        for issue in header.incompleteTables(block) { report(issue, at: block.start) }
        // The most its matches can produce: every literal, and the longest match each.
        output.reserve(min(header.rawSize, header.literalCount + header.matchCount * LZFSEValueCodes.maxMatch))
        var decoder = LZFSEBlockDecoder(block: block, header: header, bytes: bytes, inputCount: input.count, payloadStart: payloadStart, output: output)
        switch decoder.run() {
        case .done:
            let decoded = output.count - outputStart
            if decoded != header.rawSize { report(.sizeMismatch(block, declared: header.rawSize, decoded: decoded), at: block.start) }
            return true
        case .stopped(let issue, let at):
            report(issue, at: at)
        case .outputFull(let at):
            report(.outputLimit(block, limit: output.limit, declared: header.rawSize), at: at)
        }
        return false
    }

    /// The checked header of `block`; nil after reporting and recording a truncated or invalid one.
    mutating func readLZFSEHeader(_ block: BlockRef) -> LZFSEBlockHeader? {
        let reading = block.kind == .lzfseV1 ? LZFSEBlockHeader.readV1(input, block) : LZFSEBlockHeader.readV2(input, block)
        switch reading {
        case .header(let header):
            return header
        case .truncated(let needed):
            _ = requireHeader(block, size: needed)
        case .invalid(let issue, let size):
            report(issue, at: block.start)
            position = min(input.count, block.start + size)
            record(block, declaredRaw: nil, declaredPayload: nil, outputStart: output.count)
        }
        return nil
    }
}
