extension AppleCompressedStream {
    /// The five kinds of block, named by their 4-byte magic (stored little-endian at the block start).
    public enum BlockKind: String, Sendable, CaseIterable {
        /// LZFSE compressed, header v2: packed fields and frequency tables in a variable-length code.
        case lzfseV2 = "bvx2"
        /// LZFSE compressed, header v1: every field and frequency at full width (772 bytes).
        case lzfseV1 = "bvx1"
        /// LZVN compressed: a byte-oriented LZ77 opcode stream.
        case lzvn = "bvxn"
        /// Uncompressed bytes.
        case raw = "bvx-"
        /// The end of the stream (no payload).
        case endOfStream = "bvx$"

        /// The kind whose magic is `magic` (the block's first four bytes as a little-endian word).
        init?(magic: UInt32) {
            switch magic {
            case 0x3278_7662: self = .lzfseV2
            case 0x3178_7662: self = .lzfseV1
            case 0x6E78_7662: self = .lzvn
            case 0x2D78_7662: self = .raw
            case 0x2478_7662: self = .endOfStream
            default: return nil
            }
        }
    }

    /// One block as read from the input.
    public struct Block: Sendable, Equatable {
        /// Which block this is.
        public var kind: BlockKind
        /// Its bytes in the input, header and payload, clipped to the input's end when truncated.
        public var range: Range<Int>
        /// The raw (decoded) size its header declares; nil for the end-of-stream block.
        public var declaredRawSize: Int?
        /// The payload size its header declares (bytes after the header); nil for the end of stream.
        /// For an uncompressed block this is its raw size; for LZFSE the literal plus L/M/D payloads.
        public var declaredPayloadSize: Int?
        /// Where its decoded bytes are in the output (empty when it produced none).
        public var outputRange: Range<Int>

        /// A block record.
        public init(kind: BlockKind, range: Range<Int>, declaredRawSize: Int?, declaredPayloadSize: Int?, outputRange: Range<Int>) {
            self.kind = kind
            self.range = range
            self.declaredRawSize = declaredRawSize
            self.declaredPayloadSize = declaredPayloadSize
            self.outputRange = outputRange
        }
    }

    /// What `decode` found: the output so far, the blocks, the end marker, and the problems.
    public struct Result: Sendable {
        /// The decoded bytes, as far as decoding got (never more than the output limit).
        public var output: [UInt8]
        /// Every block read, in stream order, the end-of-stream block included.
        public var blocks: [Block]
        /// Whether the stream ended with its end-of-stream block (`bvx$`).
        public var sawEndMarker: Bool
        /// The problems found, in input order, each at its input offset.
        public var problems: [Problem]
        /// The input offset just past the last block read (after `bvx$` when it was seen); bytes
        /// from here on are not part of the stream.
        public var streamEnd: Int

        /// Whether the whole stream decoded: its end marker was seen and no problem is an error.
        public var isComplete: Bool {
            sawEndMarker && !problems.contains { $0.severity == .error }
        }
    }
}
