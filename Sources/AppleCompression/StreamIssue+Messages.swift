extension StreamIssue {
    /// The lowercase, specific message, with the numbers involved.
    var message: String {
        switch self {
        case .streamEmpty:
            "the input is empty: no block, and no end-of-stream block (bvx$)"
        case .magicTruncated(let count):
            "the input ends \(count.counted("byte")) into a block magic (4 bytes)"
        case .magicUnknown(let bytes, let blocksBefore):
            "bytes \(bytes.map(Self.hex).joined(separator: " ")) are no block magic (bvx2, bvx1, bvxn, bvx-, bvx$)"
                + (blocksBefore == 0 ? "" : " after \(blocksBefore.counted("block"))")
        case .streamUnterminated(let blocks):
            "the input ends after \(blocks.counted("block")) without the end-of-stream block (bvx$)"
        case .trailingBytes(let count):
            "\(count.counted("byte")) follow the end-of-stream block and are not read"
        case .blockTruncated(let block, let part, let needed, let available):
            "the \(block) needs \(needed.counted("byte")) for its \(part) but the input has \(available.grouped) from there"
        case .sizeMismatch(let block, let declared, let decoded):
            "the \(block) declares \(declared.counted("raw byte")) but decodes to \(decoded.grouped)"
        case .outputLimit(let block, let limit, let declared):
            "the output reaches its limit of \(limit.counted("byte")) in the \(block), which declares \(declared.counted("raw byte"))"
        case .header(let block, let defect):
            "the \(block) has an invalid header: " + Self.describe(defect)
        case .table(let block, let defect):
            "the frequency tables of the \(block) are invalid: " + Self.describe(defect)
        case .tableIncomplete(let block, let table, let sum, let states):
            "the \(table) frequencies of the \(block) sum to \(sum.grouped) of \(states.grouped) states; unused states decode as state 0"
        case .literals(let block, let defect):
            "the literal bits of the \(block) " + Self.describe(defect, symbols: "literals")
        case .lmd(let block, let defect):
            "the L/M/D bits of the \(block) " + Self.describe(defect, symbols: "matches")
        case .literalsOverrun(let block, let match, let wanted, let left):
            "match \(match.grouped) of the \(block) takes \(wanted.counted("literal")) but \(left.grouped) are left"
        case .lzfseMatchBeforeStart(let block, let match, let distance?, let decoded):
            "match \(match.grouped) of the \(block) copies from \(distance.counted("byte")) back but \(decoded.counted("byte")) are decoded"
        case .lzfseMatchBeforeStart(let block, let match, nil, _):
            "match \(match.grouped) of the \(block) repeats the previous distance but there is none yet"
        case .lzvnOpcodeUndefined(let block, let opcode):
            "opcode \(Self.hex(opcode)) in the \(block) is undefined"
        case .lzvnTruncated(let block, let opcode?, let needed, let left):
            "the payload of the \(block) ends inside opcode \(Self.hex(opcode)), which needs \(needed.counted("byte")) where \(left.grouped) are left"
        case .lzvnTruncated(let block, nil, _, _):
            "the payload of the \(block) ends without its end-of-stream opcode (0x06)"
        case .lzvnTrailing(let block, let count):
            "the \(block) ends \(count.counted("byte")) before its declared payload size"
        case .lzvnOverrun(let block, let declared):
            "the \(block) decodes past its declared \(declared.counted("raw byte"))"
        case .lzvnMatchBeforeStart(let block, let distance, let decoded):
            distance == 0
                ? "a match in the \(block) has distance 0"
                : "a match in the \(block) copies from \(distance.counted("byte")) back but \(decoded.counted("byte")) are decoded"
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
    }

    private static func describe(_ defect: HeaderDefect) -> String {
        switch defect {
        case .fieldTooLarge(let name, let value, let limit):
            "\(name) is \(value.grouped), more than \(limit.grouped)"
        case .bitsOutOfRange(let name, let value):
            "\(name) is \(value.grouped), outside -7…0"
        case .headerSizeTooSmall(let size, let minimum):
            "its header size is \(size.counted("byte")), less than the \(minimum.grouped) of its fixed fields"
        }
    }

    private static func describe(_ defect: TableDefect) -> String {
        switch defect {
        case .codeRunsOut(let valuesRead, let total):
            "their code ends after \(valuesRead.grouped) of \(total.grouped) values"
        case .codeLeavesBytes(let bytes):
            "their code leaves \(bytes.counted("byte")) of the header unread"
        case .sumTooLarge(let table, let sum, let states):
            "the \(table) frequencies sum to \(sum.grouped), more than its \(states.grouped) states"
        }
    }

    private static func describe(_ defect: BitStreamDefect, symbols: String) -> String {
        switch defect {
        case .paddingNotZero(let bits):
            "have \(bits.counted("unused bit")) in their last byte that are not zero"
        case .emptyWithPadding(let bits):
            "are empty but their last byte is said to have \(bits.counted("unused bit"))"
        case .exhausted(let done, let total):
            "run out after \(done.grouped) of \(total.grouped) \(symbols)"
        }
    }
}
