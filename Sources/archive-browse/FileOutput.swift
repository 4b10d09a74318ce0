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
        // A writer's large chunk goes out as it is, not copied into the buffer first.
        if buffer.isEmpty, bytes.count >= 1 << 16 { return Self.writeAll(bytes, to: fd) }
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 || fd == 2 { flush() }
    }

    func flush() {
        Self.writeAll(buffer, to: fd)
        buffer.removeAll(keepingCapacity: true)
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Platform.write(fd, $0.baseAddress, count: $0.count) }
            if n <= 0 { break }
            offset += n
        }
    }
}
