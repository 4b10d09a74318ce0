/// The attribute runs of an attributed string measured against the length of its string, in UTF-16
/// units. Format-independent: the keyed-archive rule (`AttributedStringRunRule`) reads the runs from
/// `NSAttributeInfo`, a typedstream reader from its run groups; both report these problems.
///
/// Foundation applies each run with `setAttributes:range:`, which raises NSRangeException for a range
/// past the end of the string; swift-corelibs-foundation fails the whole decode (nil) when the runs
/// end before the string does, and reads no run once the string is covered.
package enum AttributedStringRuns {
    /// Problems of a list of runs, each with its own message.
    package enum Problem: Sendable, Equatable {
        /// Run `index` is `[start, end)` and the string ends inside it, at `length`.
        case pastEnd(index: Int, start: Int, end: Int, length: Int)
        /// The `runs` runs cover `[0, covered)` and the string is `length` units long; `truncated` when
        /// the runs' data ends inside a number.
        case short(runs: Int, covered: Int, length: Int, truncated: Bool)
        /// `count` runs, the first of them run `first`, start at or after the end of the string.
        case extra(first: Int, count: Int, length: Int)

        /// The lowercase message (the caller adds which object it is).
        package var message: String {
            switch self {
            case .pastEnd(let index, let start, let end, let length):
                "attribute run \(index) is [\(start), \(end)) but the string is \(English.count(length, "UTF-16 unit")) long; "
                    + "applying it raises NSRangeException"
            case .short(let runs, let covered, let length, let truncated):
                (runs == 1 ? "the 1 attribute run covers" : "the \(English.count(runs, "attribute run")) cover")
                    + " \(covered) of the string's \(English.count(length, "UTF-16 unit"))"
                    + (truncated ? " (the run data ends inside a number)" : "")
                    + "; swift-corelibs-foundation then fails to decode the attributed string"
            case .extra(let first, let count, let length):
                "\(English.count(count, "attribute run")) from run \(first) on start at or after the end of the string "
                    + "(\(English.count(length, "UTF-16 unit"))); swift-corelibs-foundation ignores them"
            }
        }
    }

    /// The problems of runs of `lengths` (in order, from offset 0) over a string of `length` units:
    /// the first run that crosses the end, else a shortfall, and the runs after the end.
    static func problems(lengths: [Int], length: Int) -> [Problem] {
        guard !lengths.isEmpty else { return [] }
        var start = 0
        for (i, runLength) in lengths.enumerated() {
            guard start < length else {
                return [.extra(first: i, count: lengths.count - i, length: length)]
            }
            let (end, overflow) = start.addingReportingOverflow(Swift.max(0, runLength))
            if overflow || end > length {
                var found: [Problem] = [.pastEnd(index: i, start: start, end: overflow ? Int.max : end, length: length)]
                if i + 1 < lengths.count { found.append(.extra(first: i + 1, count: lengths.count - i - 1, length: length)) }
                return found
            }
            start = end
        }
        return start < length ? [.short(runs: lengths.count, covered: start, length: length, truncated: false)] : []
    }

    /// The (run length, attribute index) pairs of a keyed `NSAttributeInfo`: base-128 numbers, two per
    /// run. `complete` is false when the data ends inside a number or after a run length.
    package static func keyedPairs(_ info: [UInt8]) -> (pairs: [(length: Int, index: UInt64)], complete: Bool) {
        let (numbers, complete) = LEB128.decode(info)
        var pairs: [(length: Int, index: UInt64)] = []
        pairs.reserveCapacity(numbers.count / 2)
        var i = 0
        while i + 1 < numbers.count {
            pairs.append((Int(clamping: numbers[i]), numbers[i + 1]))
            i += 2
        }
        return (pairs, complete && numbers.count % 2 == 0)
    }
}
