#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Every C library call ArchiveModel makes, for macOS (Darwin) and Linux (Glibc, Musl) alike: no other
/// file of the module imports the C library.
@usableFromInline package enum Platform {
    // MARK: - Time

    /// Seconds on the monotonic clock (for search time limits; never for results).
    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    // MARK: - Environment

    /// The environment variable `name`, or nil when it is not set.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    // MARK: - Bytes

    /// Whether the `count` bytes at `a` and `b` are equal (`memcmp`).
    @inlinable @inline(__always)
    package static func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(a, b, count) == 0
    }

    /// The first `value` among the `count` bytes at `start` (`memchr`), or nil.
    @inlinable @inline(__always)
    package static func firstByte(_ value: UInt8, in start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
        memchr(start, Int32(value), count).map { UnsafeRawPointer($0) }
    }

    // MARK: - Machine

    /// The number of online processors (at least 1).
    package static var processorCount: Int {
        Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    // MARK: - Files

    /// What `fstat` says of an open file.
    struct FileStatus {
        enum Kind { case regular, directory, other }
        var kind: Kind
        /// The size in bytes (meaningful for regular files; 0 for those whose size the kernel does not know).
        var size: Int
    }

    /// Opens the NUL-terminated name `path` read-only, close-on-exec; the descriptor, or -1 (see `errorText`).
    static func openReadOnly(_ path: UnsafePointer<CChar>) -> Int32 {
        open(path, O_RDONLY | O_CLOEXEC)
    }

    static func close(_ fd: Int32) {
        _ = closeDescriptor(fd)
    }

    /// The kind and size of the open file `fd`, or nil (see `errorText`).
    static func status(of fd: Int32) -> FileStatus? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        let kind: FileStatus.Kind = type == S_IFREG ? .regular : type == S_IFDIR ? .directory : .other
        return FileStatus(kind: kind, size: Int(info.st_size))
    }

    /// Up to `count` bytes from `fd` into `buffer`: the number read, 0 at the end, or -1 (see
    /// `interrupted` and `errorText`).
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        readDescriptor(fd, buffer, count)
    }

    /// Maps `size` bytes of `fd` read-only and private, or nil.
    static func mapReadOnly(_ fd: Int32, size: Int) -> UnsafeMutableRawPointer? {
        // MAP_FAILED, (void *)-1, is spelled out: Glibc's overlay declares it, Darwin's may not.
        guard let pointer = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), pointer != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        return pointer
    }

    static func unmap(_ pointer: UnsafeMutableRawPointer, size: Int) {
        munmap(pointer, size)
    }

    /// Whether the last failed call was interrupted by a signal (EINTR) and may simply be repeated.
    static var interrupted: Bool { errno == EINTR }

    /// The text of the last failed call's error (`strerror(errno)`).
    package static var errorText: String { String(cString: strerror(errno)) }

    // MARK: - Heap blocks (grown in place by `reallocate`)

    static func allocate(_ size: Int) -> UnsafeMutableRawPointer? { malloc(size) }

    /// `block` grown (or moved) to `size` bytes, or nil with `block` untouched.
    static func reallocate(_ block: UnsafeMutableRawPointer, to size: Int) -> UnsafeMutableRawPointer? { realloc(block, size) }

    static func release(_ block: UnsafeMutableRawPointer) { free(block) }
}

// The C names, reached from inside `Platform`, whose own members of the same names would shadow them.
private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
private func readDescriptor(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
