/// One state of a literal decoder: read `bits` bits, the next state is `delta` plus them, and the
/// state emits `symbol` (`fse_decoder_entry`).
struct FSELiteralEntry {
    var bits: UInt8 = 0
    var symbol: UInt8 = 0
    var delta: Int16 = 0
}

/// One state of an L, M or D decoder: read `totalBits` bits; the top `totalBits - valueBits` plus
/// `delta` are the next state, the low `valueBits` plus `base` are the value
/// (`fse_value_decoder_entry`).
struct FSEValueEntry {
    var totalBits: UInt8 = 0
    var valueBits: UInt8 = 0
    var delta: Int16 = 0
    var base: Int32 = 0
}

/// Builds FSE (tANS) decoder tables from normalized frequencies, as `fse_init_decoder_table` and
/// `fse_init_value_decoder_table` lay them out: symbol by symbol, each taking as many consecutive
/// states as its frequency. States past the frequencies' sum keep the zero entry (0 bits, next
/// state 0), so every state a table can produce stays in range.
enum FSETable {
    /// For each state a symbol owns: `body(state, symbol, bits, delta)`. With frequency f of N
    /// states, k is the shift that puts f << k in N..<2N; the first (2N >> k) - f states read k
    /// bits, the rest k - 1. The caller has checked that the frequencies sum to at most `states`.
    static func spread(_ frequencies: ArraySlice<Int>, states: Int, _ body: (Int, Int, Int, Int) -> Void) {
        var state = 0
        for (symbol, frequency) in frequencies.enumerated() where frequency > 0 && state + frequency <= states {
            let k = frequency.leadingZeroBitCount - states.leadingZeroBitCount
            let threshold = ((2 * states) >> k) - frequency
            for j in 0..<frequency {
                if j < threshold {
                    body(state, symbol, k, ((frequency + j) << k) - states)
                } else {
                    body(state, symbol, k - 1, (j - threshold) << (k - 1))
                }
                state += 1
            }
        }
    }

    /// The literal decoder of `states` states.
    static func literals(_ frequencies: ArraySlice<Int>, states: Int) -> [FSELiteralEntry] {
        var table = [FSELiteralEntry](repeating: FSELiteralEntry(), count: states)
        spread(frequencies, states: states) { state, symbol, bits, delta in
            table[state] = FSELiteralEntry(bits: UInt8(bits), symbol: UInt8(truncatingIfNeeded: symbol), delta: Int16(delta))
        }
        return table
    }

    /// The value decoder of `states` states, symbol i standing for `bases[i]` plus `extraBits[i]` bits.
    static func values(_ frequencies: ArraySlice<Int>, states: Int, extraBits: [UInt8], bases: [Int32]) -> [FSEValueEntry] {
        var table = [FSEValueEntry](repeating: FSEValueEntry(), count: states)
        spread(frequencies, states: states) { state, symbol, bits, delta in
            let extra = extraBits[symbol]
            table[state] = FSEValueEntry(totalBits: UInt8(bits) + extra, valueBits: extra, delta: Int16(delta), base: bases[symbol])
        }
        return table
    }
}
