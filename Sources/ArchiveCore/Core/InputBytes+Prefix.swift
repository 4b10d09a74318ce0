extension InputBytes {
    /// A short, escaped description of the first `count` bytes (hex, then the printable ASCII), for
    /// "not an archive this tool reads" messages: `62 70 6C 69 …  |bplist17…|`.
    package func prefixDescription(count: Int = 16) -> String {
        let head = bytes(in: ByteRange(0, count))
        let hex = head.map { byteHex($0) }.joined(separator: " ")
        let text = head.map { $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "." }.joined()
        return "\(hex)  |\(text)|"
    }
}
