#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C calls `--salvage` and `--repair` make to write their output: never over the input, never
/// over an existing file unless asked, and atomically (a temporary file in the output's folder, then
/// a rename or a hard link).
extension Platform {
    /// A file's device and inode (following symbolic links), or nil when it does not exist or cannot
    /// be looked at: two names with the same identity are the same file.
    static func fileIdentity(_ path: [UInt8]) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        let result = withCString(path) { stat($0, &info) }
        guard result == 0 else { return nil }
        return (UInt64(truncatingIfNeeded: info.st_dev), UInt64(truncatingIfNeeded: info.st_ino))
    }

    /// Whether anything (a file, a directory, a symbolic link, even a dangling one) has the name `path`.
    static func nameExists(_ path: [UInt8]) -> Bool {
        var info = stat()
        return withCString(path) { lstat($0, &info) } == 0
    }

    /// Seconds on a clock that only goes forward (for time limits).
    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Writes `bytes` as the file `path`: into a new temporary file in the same folder, flushed to the
    /// disk, then moved to `path` in one step (`rename`, when `replacing`; else a hard link, which
    /// fails rather than replace a file that appeared meanwhile). Nil on success, else why not.
    static func writeAtomically(_ bytes: [UInt8], to path: [UInt8], replacing: Bool) -> String? {
        guard !path.contains(0), !path.isEmpty else { return "the output name is empty or holds a NUL byte" }
        let slash = path.lastIndex(of: UInt8(ascii: "/"))
        let folder: [UInt8] = slash.map { Array(path[...$0]) } ?? []
        let base: [UInt8] = slash.map { Array(path[($0 + 1)...]) } ?? path
        var template = folder + Array(".".utf8) + base.prefix(64) + Array(".archive-browse-XXXXXX".utf8) + [0]
        let fd = template.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { $0.baseAddress.map { mkstemp($0) } ?? -1 }
        }
        guard fd >= 0 else { return "cannot create a temporary file beside it: \(errorDescription)" }
        let temporary = Array(template.dropLast())
        var failure: String?
        var offset = 0
        while offset < bytes.count, failure == nil {
            let n = bytes[offset...].withUnsafeBytes { Platform.write(fd, $0.baseAddress, count: $0.count) }
            if n <= 0 { failure = "cannot write: \(errorDescription)" } else { offset += n }
        }
        let mask = umask(0)
        umask(mask)
        if failure == nil, fchmod(fd, 0o666 & ~mask) != 0 { failure = "cannot set its permissions: \(errorDescription)" }
        if failure == nil, fsync(fd) != 0 { failure = "cannot flush it to the disk: \(errorDescription)" }
        if close(fd) != 0, failure == nil { failure = "cannot close it: \(errorDescription)" }
        if failure == nil { failure = move(temporary, to: path, replacing: replacing) }
        _ = withCString(temporary) { unlink($0) }
        return failure
    }

    /// Moves the temporary file into place (see `writeAtomically`); the temporary name is removed by the caller.
    private static func move(_ temporary: [UInt8], to path: [UInt8], replacing: Bool) -> String? {
        if replacing {
            return withCString(temporary, { from in withCString(path) { rename(from, $0) } }) == 0 ? nil : "cannot rename it into place: \(errorDescription)"
        }
        if withCString(temporary, { from in withCString(path) { link(from, $0) } }) == 0 { return nil }
        let linkError = errno
        if linkError == EEXIST { return "it exists (use --force to replace it)" }
        // A file system without hard links: rename, after one more look for a file of that name.
        if nameExists(path) { return "it exists (use --force to replace it)" }
        return withCString(temporary, { from in withCString(path) { rename(from, $0) } }) == 0 ? nil : "cannot rename it into place: \(errorDescription)"
    }

    /// `body` with `path` as a NUL-terminated C string (-1 if there were no buffer, which cannot happen).
    private static func withCString(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Int32) -> Int32 {
        (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { $0.baseAddress.map(body) ?? -1 }
        }
    }

    /// The C library's text for `errno`.
    private static var errorDescription: String { String(cString: strerror(errno)) }
}
