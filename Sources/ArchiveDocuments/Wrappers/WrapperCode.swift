import ArchiveCore

/// Encodings and compressions an archive travels in, opened before the archive is decoded.
package enum WrapperCode: String, DiagnosticCatalog {
    case base64 = "wrapper.base64"
    case hex = "wrapper.hex"
    case gzip = "wrapper.gzip"
    case zlib = "wrapper.zlib"
    case inflateLimit = "wrapper.inflate.limit"
    case inflateDamaged = "wrapper.inflate.damaged"
    case depthLimit = "wrapper.depth.limit"
    case lzfse = "wrapper.lzfse"
    case lzfseLimit = "wrapper.lzfse.limit"
    case lzfseDamaged = "wrapper.lzfse.damaged"
    case lzfseIrregular = "wrapper.lzfse.irregular"

    package var severity: Severity {
        switch self {
        case .base64, .hex, .gzip, .zlib, .lzfse: .note
        case .inflateLimit, .inflateDamaged, .lzfseLimit, .lzfseDamaged: .error
        case .depthLimit, .lzfseIrregular: .warning
        }
    }

    package var summary: String {
        switch self {
        case .base64: "the archive is base64 text; it was decoded and its offsets are offsets into the decoded bytes"
        case .hex: "the archive is hexadecimal text (plain, `xxd -p` or an NSData description); it was decoded"
        case .gzip: "the archive is gzip-compressed; it was inflated and its offsets are offsets into the inflated bytes"
        case .zlib: "the archive is a zlib stream; it was inflated and its offsets are offsets into the inflated bytes"
        case .inflateLimit: "inflating stopped at the size limit: a decompression bomb, or an archive too large to inflate here"
        case .inflateDamaged: "the compressed stream is damaged or cut; what inflated before the damage is decoded"
        case .depthLimit: "wrappers are nested deeper than this tool unwraps"
        case .lzfse: "the archive is an LZFSE/LZVN block stream; it was decompressed and its offsets are offsets into the decompressed bytes"
        case .lzfseLimit: "decompressing stopped at the size limit: a decompression bomb, or an archive too large to decompress here"
        case .lzfseDamaged: "the LZFSE/LZVN stream is damaged or cut; what decompressed before the damage is decoded"
        case .lzfseIrregular: "the LZFSE/LZVN stream decodes, but is not as Apple's encoder writes it"
        }
    }

    package var explanation: String {
        switch self {
        case .base64:
            "The file is not the archive itself but base64 text of it, with or without line breaks: the form an archive takes in JSON, in an XML <data> element copied out of a plist, in a database's text column, in a log or in an e-mail. archive-browse decodes the text and opens the archive inside, so every offset shown is an offset into the decoded bytes, not into the file (the file offset of byte N is about N × 4/3 plus line breaks). Foundation's readers do not do this: `NSKeyedUnarchiver` and `PropertyListSerialization` want the decoded bytes (`Data(base64Encoded:options: .ignoreUnknownCharacters)`). Nothing is wrong; this note says what was done."
        case .hex:
            "The file is hexadecimal text of the archive: two digits a byte, as `xxd -p`, `hexdump` scripts or `-[NSData description]` (`<62706c69 73743030 …>`) print it. archive-browse decodes the digits and opens the archive inside; offsets shown are offsets into the decoded bytes (half the file offset, less spaces and line breaks). Foundation does not read this form: convert it back with `xxd -r -p` before handing it to `NSKeyedUnarchiver`. Nothing is wrong; this note says what was done."
        case .gzip:
            "The file is a gzip stream (magic 1F 8B) holding the archive, as web servers, backups, log rotation and some apps' caches store them. archive-browse inflates it with the system zlib, within a size limit, and opens the archive inside; offsets shown are offsets into the inflated bytes. Foundation's readers do not inflate: `gunzip` the file (or use Compression / zlib) before `NSKeyedUnarchiver`. Nothing is wrong; this note says what was done."
        case .zlib:
            "The file is a zlib stream (a two-byte header such as 78 9C, then deflate data, then an Adler-32 checksum) holding the archive, as apps that compress their own caches and some databases' blob columns store it. archive-browse inflates it with the system zlib, within a size limit, and opens the archive inside; offsets shown are offsets into the inflated bytes. Foundation does not inflate it for you: use `NSData.decompressed(using: .zlib)` (which wants raw deflate, without the two header bytes) or zlib's `uncompress`. Nothing is wrong; this note says what was done."
        case .inflateLimit:
            "Inflating the file would produce more bytes than archive-browse allows for one input: 200 times the compressed size, at least 16 MiB and at most 1 GiB. A few hundred bytes that claim gigabytes are a decompression bomb, made to exhaust memory; a real archive that large is rare. Inflation stopped at the limit and the archive is decoded from the bytes inflated so far, so it looks cut short. If the file is genuine, inflate it with `gunzip` (or zlib) yourself and open the result."
        case .inflateDamaged:
            "The gzip or zlib stream cannot be inflated to its end: a deflate block is invalid, the checksum does not match, or the stream stops before its end marker because the file was cut. The bytes inflated before that point are decoded as the archive, which then usually looks truncated. Usual causes are the same as for any cut or damaged file: an interrupted download, a copy that failed, a text-mode transfer of binary data. Fetch the file again; `gzip -t` confirms the damage."
        case .depthLimit:
            "The decoded content is itself another wrapper (base64 of gzip of base64…) more levels deep than archive-browse follows (four). Real data rarely nests more than two; deeper nesting is usually a loop in whatever produced the file, or a crafted input. The innermost content reached is shown as it is."
        case .lzfse:
            "The file is a stream of Apple's compression blocks, each starting with a four-byte magic: `bvx2` or `bvx1` (LZFSE), `bvxn` (LZVN), `bvx-` (stored), and `bvx$` at the end. Apple's Compression framework and the `lzfse` tool write them; Help Indexer (`hiutil`) writes a help book's `.cshelpindex` and `.helpindex` this way, as a keyed archive in one or more LZFSE blocks. archive-browse decompresses the stream with a decoder of its own (the format of Apple's open-source reference implementation), within a size limit, and opens the archive inside; offsets shown are offsets into the decompressed bytes. Foundation's readers do not decompress: use `NSData.decompressed(using: .lzfse)` or `compression_decode_buffer` first. Nothing is wrong; this note says what was done."
        case .lzfseLimit:
            "Decompressing the stream would produce more bytes than archive-browse allows for one input: 200 times the compressed size, at least 16 MiB and at most 1 GiB (the limit for gzip and zlib too). Block headers declare their decoded size, but a header is what a decompression bomb lies in, so the limit counts the bytes actually produced. Decompression stopped at the limit and the archive is decoded from the bytes produced so far, so it looks cut short. The message names the decoder's id and the compressed offset where it stopped. If the file is genuine, decompress it with the `lzfse` tool (or Compression) yourself and open the result."
        case .lzfseDamaged:
            "A block of the stream cannot be decoded: a header field out of range, a malformed frequency table or bit stream, a match that copies from before the start of the output, a block that decodes to another size than it declares, or a stream that stops before its `bvx$` end block because the file was cut. The message names the decoder's own id (`lzfse.block.truncated`, `lzvn.match.before-start`, `lzfse.block.size-mismatch`…) and the offset in the compressed file where the problem is; the bytes decompressed before it are decoded as the archive, which then usually looks truncated. Apple's Compression framework stops at the same place without saying where. Fetch the file again; the `lzfse` tool confirms the damage."
        case .lzfseIrregular:
            "The stream decompresses completely, but something in it is not what Apple's encoder writes: bytes after the `bvx$` end block, an LZVN payload with bytes after its end opcode, or a frequency table that leaves states unused. Apple's decoder accepts these and so does archive-browse; the archive is decoded as the stream encodes it. Bytes after the end are often a second stream or padding from whatever stored the file; the message gives their offset."
        }
    }
}

extension WrapperLayer.Kind {
    /// The note that names a wrapper of this kind taken off.
    package var code: WrapperCode {
        switch self {
        case .base64: .base64
        case .hex: .hex
        case .gzip: .gzip
        case .zlib: .zlib
        case .lzfse: .lzfse
        }
    }
}

extension WrapperLayer {
    /// The note naming the wrapper, and the problems met.
    package var diagnostics: [Diagnostic] {
        let note = Diagnostic(kind.code,
                              "the archive is wrapped in \(kind.noun): \(ValueFormatter.byteCount(outerSize)) \(kind.verb) to "
                              + "\(ValueFormatter.byteCount(innerSize)); offsets shown are offsets into the \(kind.verb) bytes, not into the file")
        return [note] + problems
    }
}
