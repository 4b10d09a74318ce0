extension LZFSEBlockHeader {
    /// The header when its fields are in range (`lzfse_check_block_header_v1`): counts within the
    /// reference's per-block limits, initial states below their table sizes, each frequency table
    /// summing to at most its number of states.
    func checked(_ block: BlockRef) -> LZFSEHeaderReading {
        let limits: [(String, Int, Int)] = [
            ("n_literals", literalCount, Self.maxLiterals),
            ("n_matches", matchCount, Self.maxMatches),
            ("literal_state[0]", literalStates[0], Self.literalStates - 1),
            ("literal_state[1]", literalStates[1], Self.literalStates - 1),
            ("literal_state[2]", literalStates[2], Self.literalStates - 1),
            ("literal_state[3]", literalStates[3], Self.literalStates - 1),
            ("l_state", lState, Self.lStates - 1),
            ("m_state", mState, Self.mStates - 1),
            ("d_state", dState, Self.dStates - 1),
        ]
        for (name, value, limit) in limits where value > limit {
            return .invalid(.header(block, .fieldTooLarge(name: name, value: value, limit: limit)), size: headerSize)
        }
        for (name, slice, states) in tables {
            let sum = slice.reduce(0, +)
            if sum > states {
                return .invalid(.table(block, .sumTooLarge(table: name, sum: sum, states: states)), size: headerSize)
            }
        }
        return .header(self)
    }

    /// Each table's name, frequencies and number of states.
    var tables: [(name: String, frequencies: ArraySlice<Int>, states: Int)] {
        [("L", lFrequencies, Self.lStates), ("M", mFrequencies, Self.mStates),
         ("D", dFrequencies, Self.dStates), ("literal", literalFrequencies, Self.literalStates)]
    }

    /// The tables the block's symbols will be decoded with whose frequencies leave states unused:
    /// the reference decodes those states from whatever its table memory held before; here they
    /// are zero entries. (Its encoder always uses every state of the tables it needs.)
    func incompleteTables(_ block: BlockRef) -> [StreamIssue] {
        tables.compactMap { table in
            let used = table.name == "literal" ? literalCount > 0 : matchCount > 0
            let sum = table.frequencies.reduce(0, +)
            return used && sum < table.states ? .tableIncomplete(block, table: table.name, sum: sum, states: table.states) : nil
        }
    }
}
