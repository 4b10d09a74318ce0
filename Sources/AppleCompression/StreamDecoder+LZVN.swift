extension StreamDecoder {
    /// An LZVN block. Layout: 0 magic `bvxn`, 4 (u32) raw size, 8 (u32) payload size, 12 payload.
    /// Its output may not pass its declared raw size (as in the reference), nor the limit.
    mutating func decodeLZVNBlock(_ block: BlockRef) -> Bool {
        guard requireHeader(block, size: 12), let bytes else { return false }
        let declaredRaw = Int(input.littleEndian(UInt32.self, at: block.start + 4) ?? 0)
        let declaredPayload = Int(input.littleEndian(UInt32.self, at: block.start + 8) ?? 0)
        let payloadStart = block.start + 12
        let payloadEnd = payloadStart + declaredPayload // both below 2^33: no overflow
        let available = min(payloadEnd, input.count)
        let outputStart = output.count
        let limited = declaredRaw > output.limit - outputStart
        output.stop = limited ? output.limit : outputStart + declaredRaw
        // At most 271 bytes come from 2 payload bytes (a large match): reserve no more than that.
        output.reserve(min(declaredRaw, (available - payloadStart) * 136))
        var decoder = LZVNBlockDecoder(block: block, bytes: bytes, position: payloadStart, end: available, output: output)
        let outcome = decoder.run()
        output.stop = output.limit
        position = available
        defer { record(block, declaredRaw: declaredRaw, declaredPayload: declaredPayload, outputStart: outputStart) }
        switch outcome {
        case .end(let at):
            if at < payloadEnd { report(.lzvnTrailing(block, count: payloadEnd - at), at: at) }
            let decoded = output.count - outputStart
            if decoded != declaredRaw { report(.sizeMismatch(block, declared: declaredRaw, decoded: decoded), at: block.start) }
            return true
        case .stopped(let issue, let at):
            report(issue, at: at)
        case .outputFull(let at):
            report(limited ? .outputLimit(block, limit: output.limit, declared: declaredRaw) : .lzvnOverrun(block, declared: declaredRaw), at: at)
        case .payloadEnded(let opcode, let needed, let left, let at):
            if available < payloadEnd {
                let issue = StreamIssue.blockTruncated(block, part: "header and payload", needed: 12 + declaredPayload, available: input.count - block.start)
                report(issue, at: block.start)
            } else {
                report(.lzvnTruncated(block, opcode: opcode, needed: needed, left: left), at: at)
            }
        }
        return false
    }
}
