import AppleCompression
import ArchiveCore

/// Takes an LZFSE / LZVN block stream (`bvx2`, `bvx1`, `bvxn`, `bvx-` blocks ended by `bvx$`: helpd's
/// `.cshelpindex` and `.helpindex` caches) off an input, with the pure-Swift decoder of the
/// `AppleCompression` target, never past `Unwrapper.inflateLimit`.
enum CompressedStreamLayer {
    /// Whether `input` starts with a block magic.
    static func matches(_ input: InputBytes) -> Bool {
        AppleCompressedStream.looksCompressed(input.bytes(in: ByteRange(0, 4)))
    }

    /// The decompressed bytes of `input` (at most `limit` of them: `Unwrapper.inflateLimit`) and the
    /// problems met, as diagnostics.
    static func decompress(_ input: InputBytes, limit: Int) -> (bytes: [UInt8], problems: [Diagnostic]) {
        let result = AppleCompressedStream.decode(input.buffer, outputLimit: limit)
        return (result.output, diagnostics(result, inputSize: input.count, limit: limit))
    }

    /// The stream's problems in the `wrapper.lzfse.*` catalog: the output limit, the first problem that
    /// lost output (the decoder stops there), and the irregularities that did not. Each message names
    /// the compressed offset and the decoder's own id (`lzvn.match.before-start`): offsets in the file,
    /// where every other offset shown is in the decompressed bytes.
    static func diagnostics(_ result: AppleCompressedStream.Result, inputSize: Int, limit: Int) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let decoded = ValueFormatter.byteCount(result.output.count)
        for problem in result.problems.prefix(maxProblems) {
            let what = "\(problem.code.rawValue) at compressed offset \(problem.offset) of \(inputSize): \(DisplayText.escapeMessage(problem.message))"
            switch problem.code {
            case .outputLimit:
                found.append(Diagnostic(WrapperCode.lzfseLimit,
                    "decompressing the LZFSE stream stopped at \(ValueFormatter.byteCount(limit)), the limit for a file of \(ValueFormatter.byteCount(inputSize)) "
                    + "(200 times its size, at least 16 MiB, at most 1 GiB): a decompression bomb, or an archive too large to decompress here; "
                    + "the archive is decoded from the bytes decompressed so far (\(what))"))
            case _ where problem.severity == .error:
                found.append(Diagnostic(WrapperCode.lzfseDamaged, "the LZFSE stream is damaged: \(what); "
                    + "the \(decoded) decompressed are decoded"))
            default:
                found.append(Diagnostic(WrapperCode.lzfseIrregular, "the LZFSE stream decodes, but \(what)"))
            }
        }
        if result.problems.count > maxProblems {
            found.append(Diagnostic(WrapperCode.lzfseIrregular, "\(result.problems.count - maxProblems) more problems of the LZFSE stream are not listed"))
        }
        return found
    }

    /// Most stream problems reported one by one (the decoder stops at the first error; warnings may repeat per block).
    static let maxProblems = 20
}
