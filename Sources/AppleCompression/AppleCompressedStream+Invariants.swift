extension AppleCompressedStream.Result {
    /// What a result of decoding `inputSize` bytes with `outputLimit` must satisfy, as text for
    /// each violation (empty when all hold): the output within the limit; every problem offset in
    /// the input (its end included) with a lowercase message; blocks in order, inside the input,
    /// their output ranges consecutive within the output; the end marker seen exactly when the last
    /// block is `bvx$`, and a stream without it reporting an error. Tests and the fuzz target run it.
    public func invariantViolations(inputSize: Int, outputLimit: Int) -> [String] {
        var violations: [String] = []
        if output.count > max(0, outputLimit) {
            violations.append("output has \(output.count) bytes, past the limit \(outputLimit)")
        }
        for problem in problems {
            if problem.offset < 0 || problem.offset > inputSize {
                violations.append("\(problem.code.rawValue) at \(problem.offset) is outside the input (\(inputSize) bytes)")
            }
            if problem.message.isEmpty || problem.message.first?.isUppercase == true {
                violations.append("\(problem.code.rawValue) message is empty or capitalised: \(problem.message)")
            }
        }
        var inputEnd = 0
        var outputEnd = 0
        for block in blocks {
            if block.range.lowerBound < inputEnd || block.range.upperBound > inputSize {
                violations.append("block \(block.kind.rawValue) range \(block.range) overlaps the last or leaves the input")
            }
            if block.outputRange.lowerBound != outputEnd {
                violations.append("block \(block.kind.rawValue) output starts at \(block.outputRange.lowerBound), not \(outputEnd)")
            }
            inputEnd = block.range.upperBound
            outputEnd = block.outputRange.upperBound
        }
        if outputEnd != output.count { violations.append("blocks account for \(outputEnd) output bytes of \(output.count)") }
        if streamEnd > inputSize || streamEnd < inputEnd { violations.append("stream end \(streamEnd) outside \(inputEnd)...\(inputSize)") }
        if sawEndMarker != (blocks.last?.kind == .endOfStream) { violations.append("end marker flag disagrees with the last block") }
        if !sawEndMarker, !problems.contains(where: { $0.severity == .error }) {
            violations.append("a stream without its end marker reports no error")
        }
        return violations
    }
}
