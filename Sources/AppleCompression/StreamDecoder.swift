/// Reads the blocks of a stream in order, each with its decoder, into one `OutputBuffer`; collects
/// the block records and problems. Stops at the end-of-stream block, at the first damaged block
/// (keeping what it decoded), at the output limit, or at the end of the input.
struct StreamDecoder {
    let input: UnsafeRawBufferPointer
    /// The input's first byte (nil only for an empty input, which has no block to decode).
    let bytes: UnsafePointer<UInt8>?
    let output: OutputBuffer
    var blocks: [AppleCompressedStream.Block] = []
    var problems: [AppleCompressedStream.Problem] = []
    var sawEndMarker = false
    /// The input offset of the next block.
    var position = 0

    init(input: UnsafeRawBufferPointer, outputLimit: Int) {
        self.input = input
        bytes = input.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) }
        output = OutputBuffer(limit: outputLimit)
    }

    /// Decodes every block and returns what was found.
    mutating func run() -> AppleCompressedStream.Result {
        while step() {}
        return AppleCompressedStream.Result(
            output: output.bytes(), blocks: blocks, sawEndMarker: sawEndMarker,
            problems: problems, streamEnd: position
        )
    }

    /// Reads the block at `position`; false when the stream stops there.
    mutating func step() -> Bool {
        let left = input.count - position
        guard left > 0 else {
            report(blocks.isEmpty ? .streamEmpty : .streamUnterminated(blocks: blocks.count), at: position)
            return false
        }
        // Block layout, every kind: offset 0, 4 bytes: the magic.
        guard let magic = input.littleEndian(UInt32.self, at: position) else {
            report(.magicTruncated(count: left), at: position)
            return false
        }
        guard let kind = AppleCompressedStream.BlockKind(magic: magic) else {
            report(.magicUnknown(bytes: input.bytes(in: position..<position + 4), blocksBefore: blocks.count), at: position)
            return false
        }
        let block = BlockRef(kind: kind, start: position)
        switch kind {
        case .endOfStream:
            return readEndOfStream(block)
        case .raw:
            return decodeRawBlock(block)
        case .lzvn:
            return decodeLZVNBlock(block)
        case .lzfseV1, .lzfseV2:
            return decodeLZFSEBlock(block)
        }
    }

    /// The end-of-stream block: 4 bytes, nothing after it is read.
    mutating func readEndOfStream(_ block: BlockRef) -> Bool {
        position += 4
        sawEndMarker = true
        record(block, declaredRaw: nil, declaredPayload: nil, outputStart: output.count)
        if position < input.count {
            report(.trailingBytes(count: input.count - position), at: position)
        }
        return false
    }

    /// Appends the block record: its input bytes run from its start to `position`.
    mutating func record(_ block: BlockRef, declaredRaw: Int?, declaredPayload: Int?, outputStart: Int) {
        blocks.append(AppleCompressedStream.Block(
            kind: block.kind, range: block.start..<max(block.start, min(position, input.count)),
            declaredRawSize: declaredRaw, declaredPayloadSize: declaredPayload,
            outputRange: outputStart..<output.count
        ))
    }

    mutating func report(_ issue: StreamIssue, at offset: Int) {
        problems.append(issue.problem(at: offset))
    }

    /// Whether the input holds the first `size` bytes of `block` (its fixed header); when it does
    /// not, reports the truncation, records the block up to the input's end and returns false.
    mutating func requireHeader(_ block: BlockRef, size: Int) -> Bool {
        let available = input.count - block.start
        guard available < size else { return true }
        report(.blockTruncated(block, part: "header", needed: size, available: available), at: block.start)
        position = input.count
        record(block, declaredRaw: nil, declaredPayload: nil, outputStart: output.count)
        return false
    }
}
