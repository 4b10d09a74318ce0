extension StreamDecoder {
    /// An uncompressed block. Layout: 0 magic `bvx-`, 4 (u32) raw size n, 8 the n bytes.
    mutating func decodeRawBlock(_ block: BlockRef) -> Bool {
        guard requireHeader(block, size: 8), let bytes else { return false }
        let declared = Int(input.littleEndian(UInt32.self, at: block.start + 4) ?? 0)
        let payloadStart = block.start + 8
        let available = min(declared, input.count - payloadStart)
        let outputStart = output.count
        output.stop = output.limit
        let copied = output.append(from: bytes + payloadStart, length: available)
        position = payloadStart + copied
        defer { record(block, declaredRaw: declared, declaredPayload: declared, outputStart: outputStart) }
        if copied < available {
            report(.outputLimit(block, limit: output.limit, declared: declared), at: position)
            return false
        }
        if available < declared {
            let issue = StreamIssue.blockTruncated(block, part: "header and payload", needed: 8 + declared, available: input.count - block.start)
            report(issue, at: block.start)
            return false
        }
        return true
    }
}
