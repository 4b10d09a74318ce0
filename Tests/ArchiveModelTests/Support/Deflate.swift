import CZlib

/// gzip and zlib fixtures, compressed with the system zlib.
enum Deflate {
    static func gzip(_ bytes: [UInt8]) -> [UInt8] { compress(bytes, windowBits: 31) }
    static func zlib(_ bytes: [UInt8]) -> [UInt8] { compress(bytes, windowBits: 15) }

    private static func compress(_ bytes: [UInt8], windowBits: Int32) -> [UInt8] {
        var stream = z_stream()
        guard czlib_deflate_init2(&stream, 9, windowBits) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var source = bytes
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 64)
        let produced: Int = source.withUnsafeMutableBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                stream.next_in = input.baseAddress
                stream.avail_in = UInt32(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = UInt32(output.count)
                _ = deflate(&stream, Z_FINISH)
                return output.count - Int(stream.avail_out)
            }
        }
        return Array(out.prefix(produced))
    }
}
