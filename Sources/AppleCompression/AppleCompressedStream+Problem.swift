extension AppleCompressedStream {
    /// How much a problem matters: an error lost or may have altered output; a warning did not.
    public enum Severity: String, Sendable {
        /// Output is missing or may be wrong from here on.
        case error
        /// Worth knowing; the output is as the stream encodes it.
        case warning
    }

    /// One problem found in the stream: what (`code`), where (`offset` in the input) and a specific,
    /// lowercase message with the numbers involved.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// The kind of problem, with a stable id.
        public var code: ProblemCode
        /// The input offset where it was found (a block start, an opcode, a header field).
        public var offset: Int
        /// What is wrong, with the numbers (`bvx2 block at 0 declares 48,213 raw bytes but decodes to 1,024`).
        public var message: String

        /// The code's severity.
        public var severity: Severity { code.severity }

        /// `id at offset: message`.
        public var description: String { "\(code.rawValue) at \(offset): \(message)" }

        /// A problem record.
        public init(code: ProblemCode, offset: Int, message: String) {
            self.code = code
            self.offset = offset
            self.message = message
        }
    }

    /// The kinds of problem, each with a stable id (its raw value) and a severity.
    public enum ProblemCode: String, Sendable, CaseIterable {
        /// Four bytes where a block should start are no block magic.
        case magicUnknown = "lzfse.magic.unknown"
        /// The input ends before the end-of-stream block.
        case streamUnterminated = "lzfse.stream.unterminated"
        /// Bytes follow the end-of-stream block.
        case trailingBytes = "lzfse.stream.trailing-bytes"
        /// A block's header or payload runs past the end of the input.
        case blockTruncated = "lzfse.block.truncated"
        /// A block decodes to another size than its header declares.
        case sizeMismatch = "lzfse.block.size-mismatch"
        /// The output reached the caller's limit.
        case outputLimit = "lzfse.output.limit"
        /// An LZFSE header field is out of its range.
        case headerInvalid = "lzfse.header.invalid"
        /// An LZFSE frequency table is malformed or sums past its number of states.
        case tableInvalid = "lzfse.table.invalid"
        /// An LZFSE frequency table leaves states unused (valid for the reference decoder, never written by its encoder).
        case tableIncomplete = "lzfse.table.incomplete"
        /// The LZFSE literal bit stream is malformed or runs out.
        case literalsInvalid = "lzfse.literals.invalid"
        /// The LZFSE L/M/D bit stream is malformed or runs out.
        case lmdInvalid = "lzfse.lmd.invalid"
        /// An LZFSE match takes more literals than the block decoded.
        case literalsOverrun = "lzfse.literals.overrun"
        /// An LZFSE match copies from before the start of the output.
        case lzfseMatchBeforeStart = "lzfse.match.before-start"
        /// An LZVN opcode byte is one of the undefined ones.
        case lzvnOpcodeUndefined = "lzvn.opcode.undefined"
        /// An LZVN payload ends inside an opcode or without the end-of-stream opcode.
        case lzvnTruncated = "lzvn.payload.truncated"
        /// An LZVN payload has bytes after its end-of-stream opcode.
        case lzvnTrailing = "lzvn.payload.trailing"
        /// An LZVN block decodes past its declared raw size.
        case lzvnOverrun = "lzvn.output.overrun"
        /// An LZVN match copies from before the start of the output (or has distance 0).
        case lzvnMatchBeforeStart = "lzvn.match.before-start"

        /// Errors lose or may alter output; the rest are warnings.
        public var severity: Severity {
            switch self {
            case .trailingBytes, .tableIncomplete, .lzvnTrailing: .warning
            default: .error
            }
        }
    }
}
