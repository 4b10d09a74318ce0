/// Buffered writing to a file descriptor (stdout, stderr) without Foundation.
final class FileOutput {
    private let fd: Int32
    private var buffer: [UInt8] = []

    nonisolated(unsafe) static let standardOutput = FileOutput(fd: 1)
    nonisolated(unsafe) static let standardError = FileOutput(fd: 2)

    private init(fd: Int32) { self.fd = fd }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 || fd == 2 { flush() }
    }

    func line(_ text: String) { write(text + "\n") }

    /// Bytes as they are (a binary plist, raw data extracted from an archive).
    func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 || fd == 2 { flush() }
    }

    func flush() {
        var offset = 0
        while offset < buffer.count {
            let n = buffer[offset...].withUnsafeBytes { Platform.write(fd, $0.baseAddress, count: $0.count) }
            if n <= 0 { break }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
