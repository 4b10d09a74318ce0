import CMappingGuard

/// The immutable bytes of one input: an owned copy, or (for very large files) a read-only memory map.
///
/// All reads are bounds-checked and return `nil` past the end, so decoders never trap on a short file.
public final class InputBytes: @unchecked Sendable {
    // Safety: the storage is never mutated after init and is released only in deinit.
    private let storage: Storage
    /// The bytes. Valid for the lifetime of this object.
    @usableFromInline package let buffer: UnsafeRawBufferPointer
    /// The wrappers (base64, gzip…) these bytes were taken out of, outermost first; empty for bytes
    /// read as they are. Offsets into these bytes are then offsets into the unwrapped content.
    package let wrappers: [WrapperLayer]

    private enum Storage {
        case owned(UnsafeMutableRawBufferPointer)
        /// From `malloc`/`realloc` (a stream read), released with `free`.
        case heap(UnsafeMutableRawPointer)
        /// A read-only mapping, registered with the SIGBUS guard in `slot`.
        case mapped(UnsafeMutableRawPointer, Int, slot: Int32)
        case empty
    }

    /// Copies `bytes` into an owned buffer.
    public init<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        wrappers = []
        if bytes.isEmpty {
            storage = .empty
            buffer = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
        // Arrays, slices and buffers copy in one block; the generic element-by-element copy (this init is
        // not specialized for callers in other modules) cost a fuzz target 4% of its time.
        let copied: Void? = bytes.withContiguousStorageIfAvailable { source in
            memory.copyMemory(from: UnsafeRawBufferPointer(source))
        }
        if copied == nil { _ = memory.initializeMemory(as: UInt8.self, from: bytes) }
        storage = .owned(memory)
        buffer = UnsafeRawBufferPointer(memory)
    }

    /// A copy of `content`'s bytes that records the wrappers they were taken out of.
    package init(copying content: InputBytes, wrappers: [WrapperLayer]) {
        self.wrappers = wrappers
        if content.count == 0 {
            storage = .empty
            buffer = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: content.count, alignment: 16)
        memory.copyMemory(from: content.buffer)
        storage = .owned(memory)
        buffer = UnsafeRawBufferPointer(memory)
    }

    /// Bytes written in place by `fill`, which gets `capacity` bytes of uninitialized memory and returns
    /// how many of them it wrote (at most `capacity`): a transcoded copy is built without a second copy.
    package init(capacity: Int, filling fill: (UnsafeMutableRawBufferPointer) -> Int) {
        wrappers = []
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(1, capacity), alignment: 16)
        let count = Swift.min(Swift.max(0, fill(memory)), memory.count)
        storage = .owned(memory)
        buffer = UnsafeRawBufferPointer(start: memory.baseAddress, count: count)
    }

    /// Takes ownership of `memory`, of which the first `count` bytes are the input.
    private init(owned memory: UnsafeMutableRawBufferPointer, count: Int) {
        wrappers = []
        storage = .owned(memory)
        buffer = UnsafeRawBufferPointer(start: memory.baseAddress, count: Swift.min(count, memory.count))
    }

    /// Takes ownership of `pointer`, a `malloc` block whose first `count` bytes are the input.
    private init(heap pointer: UnsafeMutableRawPointer, count: Int) {
        wrappers = []
        storage = .heap(pointer)
        buffer = UnsafeRawBufferPointer(start: pointer, count: count)
    }

    private init(mapped pointer: UnsafeMutableRawPointer, count: Int, slot: Int32) {
        wrappers = []
        storage = .mapped(pointer, count, slot: slot)
        buffer = UnsafeRawBufferPointer(start: pointer, count: count)
    }

    deinit {
        switch storage {
        case .owned(let memory): memory.deallocate()
        case .heap(let pointer): Platform.release(pointer)
        case .mapped(let pointer, let count, let slot):
            mapping_guard_unregister(slot)
            Platform.unmap(pointer, size: count)
        case .empty: break
        }
    }

    /// Number of bytes.
    @inlinable public var count: Int { buffer.count }

    /// Where the bytes stopped being the file's, when the file was cut short by another process while
    /// it was mapped: the first offset of the pages found missing, which now read as zeros. Nil while
    /// nothing was lost, and always nil for an input read into memory (a copy cannot change).
    package var bytesLostFrom: Int? {
        guard case .mapped(_, _, let slot) = storage, mapping_guard_fault_count(slot) > 0 else { return nil }
        // size_t arrives as Int; the guard stores the offset before it counts the fault.
        return Swift.min(Swift.max(mapping_guard_first_lost_offset(slot), 0), buffer.count)
    }

    /// The byte at `offset`, or nil when out of bounds.
    @inlinable @inline(__always)
    public func byte(at offset: Int) -> UInt8? {
        guard offset >= 0, offset < buffer.count else { return nil }
        return buffer[offset]
    }

    /// `width` bytes at `offset` as a big-endian unsigned integer keeping the low 64 bits, or nil on a short read.
    @inlinable
    package func uintBE(at offset: Int, width: Int) -> UInt64? {
        guard width >= 0, offset >= 0, offset <= buffer.count, width <= buffer.count - offset else { return nil }
        // The widths binary plists use (offsets, references, integers) load in one go; a byte loop was a
        // few percent of every binary-plist read.
        switch width {
        case 1: return UInt64(buffer[offset])
        case 2: return UInt64(UInt16(bigEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
        case 4: return UInt64(UInt32(bigEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        case 8: return UInt64(bigEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        default:
            var value: UInt64 = 0
            for i in 0..<width { value = (value << 8) | UInt64(buffer[offset + i]) }
            return value
        }
    }

    /// `width` bytes at `offset` as a little-endian unsigned integer (width ≤ 8), or nil on a short read.
    package func uintLE(at offset: Int, width: Int) -> UInt64? {
        guard width >= 0, width <= 8, offset >= 0, offset <= buffer.count, width <= buffer.count - offset else { return nil }
        var value: UInt64 = 0
        for i in stride(from: width - 1, through: 0, by: -1) { value = (value << 8) | UInt64(buffer[offset + i]) }
        return value
    }

    /// A copy of the bytes in `range`, clamped to the input.
    @inlinable
    public func bytes(in range: ByteRange) -> [UInt8] {
        let clamped = clamp(range)
        guard clamped.count > 0 else { return [] }
        return Array(buffer[clamped.start..<clamped.end])
    }

    /// Whether all of `range` lies inside the input.
    package func contains(_ range: ByteRange) -> Bool { range.start >= 0 && range.end <= buffer.count }

    /// `range` cut down to the bytes that exist.
    @inlinable
    package func clamp(_ range: ByteRange) -> ByteRange {
        ByteRange(Swift.min(Swift.max(0, range.start), buffer.count), Swift.min(Swift.max(0, range.end), buffer.count))
    }

    /// Whether the bytes at `offset` equal `prefix`.
    @inlinable
    package func matches(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
        guard offset >= 0, offset <= buffer.count, prefix.count <= buffer.count - offset else { return false }
        for (i, b) in prefix.enumerated() where buffer[offset + i] != b { return false }
        return true
    }
}

extension InputBytes {
    /// Reasons an input could not be read at all.
    public struct ReadError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Regular files at least this large are memory-mapped; smaller ones are copied into memory.
    ///
    /// A copy cannot change under us: another process truncating or rewriting the file afterwards has
    /// no effect. A mapping can: Linux removes the pages past a new end of file from every mapping
    /// (private copy-on-write pages included), and the next read of them raises SIGBUS, which Swift
    /// cannot turn into an error. Neither `MAP_POPULATE` nor `mlock` prevents that. So mappings are
    /// made under the SIGBUS guard of `CMappingGuard`: pages that vanish read as zeros and
    /// `bytesLostFrom` says where they begin. A copy costs about 1 ms per MiB from the page cache
    /// (0.2 s for a 245 MB XML plist, a third of its first screen) and the file's size in private
    /// memory, so only files small enough for that to go unnoticed are copied. When the guard has no
    /// free slot the file is read like a small one.
    package static let mapThreshold = 16 << 20

    /// Opens `path` read-only and reads (or maps) its bytes. The file is never written.
    public static func read(path: String) throws(ReadError) -> InputBytes {
        try read(path: Array(path.utf8), mapAtLeast: mapThreshold)
    }

    /// Opens the file named by `path`, the bytes of the name as the shell passed them (which need not
    /// be UTF-8: a `String` would turn `bad\xff.bin` into another name), read-only. Messages show the
    /// name escaped (`DisplayText.escape(bytes:)`).
    public static func read(path: [UInt8]) throws(ReadError) -> InputBytes {
        try read(path: path, mapAtLeast: mapThreshold)
    }

    /// Streams (standard input, pipes, devices, files whose size the kernel does not report) are read
    /// up to this many bytes; a longer one is refused with a read error rather than read without end
    /// (`/dev/zero`, a pipe that never closes). Regular files of any size open directly.
    package static let streamLimit = 1 << 30

    /// `read(path:)` with the mapping threshold and stream limit as parameters (tests use small ones).
    static func read(path: String, mapAtLeast threshold: Int, streamLimit: Int = streamLimit) throws(ReadError) -> InputBytes {
        try read(path: Array(path.utf8), mapAtLeast: threshold, streamLimit: streamLimit)
    }

    static func read(path: [UInt8], mapAtLeast threshold: Int, streamLimit: Int = streamLimit) throws(ReadError) -> InputBytes {
        let name = DisplayText.escape(bytes: path)
        // open(2) reads the name up to its first NUL: a name holding one would open another file.
        guard !path.contains(0) else { throw ReadError(description: "cannot open \(name): a file name cannot contain a NUL byte") }
        let fd = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cString in
                cString.baseAddress.map { Platform.openReadOnly($0) } ?? -1
            }
        }
        guard fd >= 0 else { throw ReadError(description: "cannot open \(name): \(Platform.errorText)") }
        defer { Platform.close(fd) }
        guard let status = Platform.status(of: fd) else { throw ReadError(description: "cannot stat \(name): \(Platform.errorText)") }
        if status.kind == .directory { throw ReadError(description: "\(name) is a directory") }
        let size = status.size
        // Pipes, devices and files whose size the kernel does not know (/proc) are read to the end, or
        // to `streamLimit`.
        guard status.kind == .regular, size > 0 else { return try readAll(fd: fd, name: name, limit: streamLimit) }
        if size >= threshold, let pointer = Platform.mapReadOnly(fd, size: size) {
            let slot = mapping_guard_register(pointer, size)
            if slot >= 0 { return InputBytes(mapped: pointer, count: size, slot: slot) }
            Platform.unmap(pointer, size: size)
        }
        return try read(fd: fd, size: size, name: name)
    }

    /// Reads up to `size` bytes straight into one buffer of that size. A file that shrinks meanwhile
    /// gives the bytes that were there; one that grows is cut at `size`.
    static func read(fd: Int32, size: Int, name: String) throws(ReadError) -> InputBytes {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        guard let base = memory.baseAddress else { memory.deallocate(); return InputBytes([UInt8]()) }
        var total = 0
        while total < size {
            let n = Platform.read(fd, into: base + total, count: Swift.min(size - total, 1 << 24))
            if n < 0 {
                if Platform.interrupted { continue }
                memory.deallocate()
                throw ReadError(description: "cannot read \(name): \(Platform.errorText)")
            }
            if n == 0 { break }
            total += n
        }
        return InputBytes(owned: memory, count: total)
    }

    /// Reads a whole stream (stdin, a pipe or a small file) of at most `limit` bytes (`streamLimit` by
    /// default). A longer stream is a read error naming the limit; nothing past the limit is kept. The
    /// buffer grows by doubling with `realloc`, which moves large blocks by remapping their pages, so
    /// memory stays within the buffer's size (under twice the bytes read).
    package static func readAll(fd: Int32, name: String, limit: Int = streamLimit) throws(ReadError) -> InputBytes {
        let limit = Swift.max(0, Swift.min(limit, Int.max - 1))
        var capacity = Swift.min(1 << 16, limit + 1), total = 0
        guard var base = Platform.allocate(capacity) else { throw ReadError(description: "cannot read \(name): out of memory") }
        while true {
            if total == capacity {
                // Room for one byte past the limit, so a stream of exactly `limit` bytes reads whole.
                guard total <= limit else {
                    Platform.release(base)
                    throw ReadError(description: "\(name) is longer than \(sizeText(limit)): save it to a file and open that; files of any size open directly")
                }
                capacity = capacity > limit / 2 ? limit + 1 : capacity * 2
                guard let larger = Platform.reallocate(base, to: capacity) else {
                    Platform.release(base)
                    throw ReadError(description: "cannot read \(name): out of memory after \(ValueFormatter.byteCount(total))")
                }
                base = larger
            }
            let n = Platform.read(fd, into: base + total, count: capacity - total)
            if n < 0 {
                if Platform.interrupted { continue }
                Platform.release(base)
                throw ReadError(description: "cannot read \(name): \(Platform.errorText)")
            }
            if n == 0 { break }
            total += n
        }
        if total == 0 { Platform.release(base); return InputBytes([UInt8]()) }
        return InputBytes(heap: base, count: total)
    }

    /// `bytes` in the largest binary unit that divides it (1 GiB, 64 KiB, 100 bytes).
    static func sizeText(_ bytes: Int) -> String {
        for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift) \(unit)"
        }
        return "\(bytes) bytes"
    }
}
