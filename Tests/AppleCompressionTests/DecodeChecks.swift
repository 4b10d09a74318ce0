import Testing
@testable import AppleCompression

/// Decoding as every test does it: the result, with its invariants checked.
func decodeChecked(_ bytes: [UInt8], limit: Int = 1 << 26, sourceLocation: SourceLocation = #_sourceLocation) -> AppleCompressedStream.Result {
    let result = AppleCompressedStream.decode(bytes, outputLimit: limit)
    let violations = result.invariantViolations(inputSize: bytes.count, outputLimit: limit)
    #expect(violations.isEmpty, "\(violations)", sourceLocation: sourceLocation)
    return result
}

extension AppleCompressedStream.Result {
    /// The problems' codes, in order.
    var codes: [AppleCompressedStream.ProblemCode] { problems.map(\.code) }

    /// The blocks' kinds, in order.
    var kinds: [AppleCompressedStream.BlockKind] { blocks.map(\.kind) }
}
