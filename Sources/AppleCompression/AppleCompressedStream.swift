/// Apple's LZFSE / LZVN block streams: `bvx2`, `bvx1`, `bvxn`, `bvx-` blocks ended by `bvx$`, as
/// `compression_encode_buffer(…, COMPRESSION_LZFSE)` and the `lzfse` tool write them (helpd's
/// `.cshelpindex` / `.helpindex` caches are a binary plist in such a stream).
///
/// Hand-written, in Swift without Foundation, because no maintained LZFSE library reaches Linux here:
/// on macOS Apple's Compression framework decodes these streams, but it stops at the first damaged
/// byte with no position, and this project reads damaged files on both systems. The layout follows
/// Apple's open-source reference implementation (lzfse 1.0: `lzfse_internal.h`, `lzfse_fse.h`,
/// `lzfse_decode_base.c`, `lzvn_decode_base.c`); the differential tests compare with it.
///
/// Decoding never throws and never traps on its input: a damaged block stops with a `Problem` that
/// names the input offset, and the output decoded before it is kept. Work is linear in input plus
/// output, and the output never grows past the caller's limit.
public enum AppleCompressedStream {
    /// Whether `bytes` starts with one of the five block magics (`bvx2`, `bvx1`, `bvxn`, `bvx-`,
    /// `bvx$`): the content test for "this is an LZFSE stream".
    public static func looksCompressed(_ bytes: some Collection<UInt8>) -> Bool {
        var magic: UInt32 = 0
        var shift: UInt32 = 0
        for byte in bytes.prefix(4) {
            magic |= UInt32(byte) << shift
            shift += 8
        }
        return shift == 32 && BlockKind(magic: magic) != nil
    }

    /// Decodes the stream in `bytes`, producing at most `outputLimit` bytes of output.
    ///
    /// The result holds the output as far as decoding got, every block read (kind, input range,
    /// declared sizes, where its output landed), whether the end-of-stream block was seen, and the
    /// problems found, each at its input offset. A negative limit counts as 0.
    public static func decode(_ bytes: UnsafeRawBufferPointer, outputLimit: Int) -> Result {
        var decoder = StreamDecoder(input: bytes, outputLimit: max(0, outputLimit))
        return decoder.run()
    }

    /// Decodes the stream in `bytes`; see `decode(_:outputLimit:)` for the raw-buffer form.
    public static func decode(_ bytes: [UInt8], outputLimit: Int) -> Result {
        bytes.withUnsafeBytes { decode($0, outputLimit: outputLimit) }
    }
}
