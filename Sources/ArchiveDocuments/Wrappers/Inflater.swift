import CZlib
import ArchiveCore

/// Inflates gzip and zlib streams with the system zlib, never past a size limit.
package enum Inflater {
    package enum Container {
        /// `raw`: deflate data with no header (a ZIP entry's).
        case gzip, zlib, raw
        /// zlib's windowBits: 15 for a zlib header, +16 for a gzip header, negative for raw deflate.
        var windowBits: Int32 {
            switch self {
            case .gzip: 31
            case .zlib: 15
            case .raw: -15
            }
        }
    }

    package struct Result {
        package var bytes: [UInt8]
        /// Inflation stopped at `limit`.
        package var hitLimit = false
        /// zlib's message and the compressed offset where inflation failed, when it did.
        package var failure: (message: String, offset: Int)?
    }

    /// The inflated bytes of `input` (up to `limit`), or nil when zlib cannot even start. `range`
    /// limits the compressed bytes read to a part of `input` (a ZIP entry's).
    package static func inflate(_ input: InputBytes, _ container: Container, limit: Int, range: ByteRange? = nil) -> Result? {
        var stream = z_stream()
        guard czlib_inflate_init2(&stream, container.windowBits) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var result = Result(bytes: [])
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        let part = input.clamp(range ?? ByteRange(0, input.count))
        input.buffer.withMemoryRebound(to: UInt8.self) { whole in
            let source = UnsafeBufferPointer(rebasing: whole[part.start..<part.end])
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(clamping: source.count)
            while true {
                let status: Int32 = buffer.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(chunk)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk - Int(stream.avail_out)
                let room = limit - result.bytes.count
                result.bytes.append(contentsOf: buffer.prefix(Swift.min(produced, room)))
                if produced > room { result.hitLimit = true; return }
                if status == Z_STREAM_END { return }
                if status != Z_OK {
                    let message = stream.msg.map { String(cString: $0) } ?? (status == Z_BUF_ERROR ? "the stream ends before its end marker" : "zlib error \(status)")
                    result.failure = (message, Int(stream.total_in))
                    return
                }
                if stream.avail_in == 0, produced == 0 {
                    result.failure = ("the stream ends before its end marker", Int(stream.total_in))
                    return
                }
            }
        }
        return result
    }
}
