/// A block named in messages by its kind and input offset: "bvx2 block at 0".
struct BlockRef: CustomStringConvertible {
    var kind: AppleCompressedStream.BlockKind
    var start: Int
    var description: String { "\(kind.rawValue) block at \(start.grouped)" }
}

/// What is wrong with an LZFSE header field.
enum HeaderDefect {
    /// `name` (the reference's field name) holds `value`, past `limit` (the largest allowed).
    case fieldTooLarge(name: String, value: Int, limit: Int)
    /// A final-bits field outside -7…0.
    case bitsOutOfRange(name: String, value: Int)
    /// A v2 header declaring fewer bytes than its fixed part.
    case headerSizeTooSmall(size: Int, minimum: Int)
}

/// What is wrong with the frequency tables of an LZFSE header.
enum TableDefect: Error {
    /// The v2 table code ends before all `total` values are read.
    case codeRunsOut(valuesRead: Int, total: Int)
    /// The v2 table code leaves `bytes` whole bytes of the header unread.
    case codeLeavesBytes(bytes: Int)
    /// A table's frequencies add up to more than its number of states.
    case sumTooLarge(table: String, sum: Int, states: Int)
}

/// What is wrong with an LZFSE bit stream (literals or L/M/D).
enum BitStreamDefect: Error {
    /// The unused top bits of the stream's last byte are not zero.
    case paddingNotZero(bits: Int)
    /// The header says the last byte has unused bits, but the payload is empty.
    case emptyWithPadding(bits: Int)
    /// The bits end after `done` of `total` symbols.
    case exhausted(done: Int, total: Int)
}

/// Every problem the stream decoder reports, with typed fields: its public code and its message
/// (`StreamIssue+Messages.swift`) are defined in one place.
enum StreamIssue {
    case streamEmpty
    case magicTruncated(count: Int)
    case magicUnknown(bytes: [UInt8], blocksBefore: Int)
    case streamUnterminated(blocks: Int)
    case trailingBytes(count: Int)
    /// `needed` bytes from the block start for its `part` ("header", "header and payload"),
    /// `available` in the input from there.
    case blockTruncated(BlockRef, part: String, needed: Int, available: Int)
    case sizeMismatch(BlockRef, declared: Int, decoded: Int)
    case outputLimit(BlockRef, limit: Int, declared: Int)
    case header(BlockRef, HeaderDefect)
    case table(BlockRef, TableDefect)
    case tableIncomplete(BlockRef, table: String, sum: Int, states: Int)
    case literals(BlockRef, BitStreamDefect)
    case lmd(BlockRef, BitStreamDefect)
    /// Match `match` (0-based) wants `wanted` literals where `left` remain.
    case literalsOverrun(BlockRef, match: Int, wanted: Int, left: Int)
    /// `distance` nil: the match repeats the previous distance and there is none yet.
    case lzfseMatchBeforeStart(BlockRef, match: Int, distance: Int?, decoded: Int)
    case lzvnOpcodeUndefined(BlockRef, opcode: UInt8)
    /// `opcode` nil: the payload ends where the next opcode should be.
    case lzvnTruncated(BlockRef, opcode: UInt8?, needed: Int, left: Int)
    case lzvnTrailing(BlockRef, count: Int)
    case lzvnOverrun(BlockRef, declared: Int)
    case lzvnMatchBeforeStart(BlockRef, distance: Int, decoded: Int)

    /// The public code of the problem.
    var code: AppleCompressedStream.ProblemCode {
        switch self {
        case .streamEmpty, .streamUnterminated: .streamUnterminated
        case .magicTruncated, .blockTruncated: .blockTruncated
        case .magicUnknown: .magicUnknown
        case .trailingBytes: .trailingBytes
        case .sizeMismatch: .sizeMismatch
        case .outputLimit: .outputLimit
        case .header: .headerInvalid
        case .table: .tableInvalid
        case .tableIncomplete: .tableIncomplete
        case .literals: .literalsInvalid
        case .lmd: .lmdInvalid
        case .literalsOverrun: .literalsOverrun
        case .lzfseMatchBeforeStart: .lzfseMatchBeforeStart
        case .lzvnOpcodeUndefined: .lzvnOpcodeUndefined
        case .lzvnTruncated: .lzvnTruncated
        case .lzvnTrailing: .lzvnTrailing
        case .lzvnOverrun: .lzvnOverrun
        case .lzvnMatchBeforeStart: .lzvnMatchBeforeStart
        }
    }

    /// The public problem, found at input offset `offset`.
    func problem(at offset: Int) -> AppleCompressedStream.Problem {
        AppleCompressedStream.Problem(code: code, offset: offset, message: message)
    }
}
