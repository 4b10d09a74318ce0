import ArchiveCore

/// The bytes a writer formats straight into (issue 39: no `String` per value), passed on to `write`
/// in chunks of about `chunkSize` bytes, so that a large document costs one `write` per MiB.
///
/// Numbers, dates and base64 are formatted here with the same text as `"\(value)"`,
/// `ValueFormatter.isoDate` and `Base64.encode` give, which the golden tests hold the writers to.
package struct OutputBuffer {
    /// What is formatted and not yet passed on.
    package private(set) var bytes: [UInt8] = []
    private let write: ([UInt8]) -> Void
    /// Bytes gathered before `flushIfFull()` passes them on.
    static let chunkSize = 1 << 20

    package init(write: @escaping ([UInt8]) -> Void) {
        self.write = write
        bytes.reserveCapacity(Self.chunkSize + (1 << 12))
    }

    /// Bytes formatted and not yet passed on.
    package var count: Int { bytes.count }

    /// Passes the bytes on once a chunk is full.
    @inline(__always)
    mutating func flushIfFull() {
        if bytes.count >= Self.chunkSize { flush() }
    }

    /// Passes on whatever is buffered.
    package mutating func flush() {
        guard !bytes.isEmpty else { return }
        write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Drops what was formatted after `mark` (a count taken earlier, with no flush between).
    mutating func truncate(to mark: Int) {
        if mark >= 0, mark < bytes.count { bytes.removeSubrange(mark...) }
    }

    @inline(__always)
    package mutating func append(_ byte: UInt8) { bytes.append(byte) }

    @inline(__always)
    package mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `byte` `count` times.
    package mutating func append(repeating byte: UInt8, count: Int) {
        if count > 0 { bytes.append(contentsOf: repeatElement(byte, count: count)) }
    }

    /// The UTF-8 of `text`, copied once.
    package mutating func append(utf8 text: String) { ByteFormat.utf8(text, into: &bytes) }

    package mutating func append(_ raw: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: raw) }

    // MARK: Formatted values (`ByteFormat`)

    /// An integer in decimal, as `"\(value)"` writes it.
    mutating func decimal(_ value: Int64) { ByteFormat.decimal(value, into: &bytes) }
    mutating func decimal(_ value: UInt64) { ByteFormat.decimal(value, into: &bytes) }
    mutating func decimal(_ value: Int128) { ByteFormat.decimal(value, into: &bytes) }
    /// A finite real as `"\(d)"` writes it.
    package mutating func real(_ d: Double) { ByteFormat.real(d, into: &bytes) }
    /// `data` in base64, as `Base64.encode`.
    package mutating func base64(_ data: [UInt8]) { ByteFormat.base64(data, into: &bytes) }
    /// `ValueFormatter.isoDate(seconds)`.
    package mutating func isoDate(_ seconds: Double) { ByteFormat.isoDate(seconds, into: &bytes) }
}
