#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C library calls for searching folders (sources of archives): listing a directory, the kind of
/// a path without following a final symbolic link, and resolving links. Names are bytes throughout.
extension Platform {
    /// What `lstat` (or `stat`, following links) says of a path.
    package struct PathStatus: Hashable {
        package enum Kind { case regular, directory, symlink, other }
        package var kind: Kind
        package var size: Int
        /// The file's identity: device and inode, to notice a folder reached twice.
        package var device: UInt64
        package var inode: UInt64
    }

    /// The status of `path`; a final symbolic link is described itself when `followLinks` is false.
    /// nil with `errorText` set when it cannot be had.
    package static func pathStatus(_ path: [UInt8], followLinks: Bool) -> PathStatus? {
        withCString(path) { name in
            var info = stat()
            guard (followLinks ? stat(name, &info) : lstat(name, &info)) == 0 else { return nil }
            let type = info.st_mode & S_IFMT
            let kind: PathStatus.Kind = type == S_IFREG ? .regular : type == S_IFDIR ? .directory : type == S_IFLNK ? .symlink : .other
            return PathStatus(kind: kind, size: Int(info.st_size), device: UInt64(truncatingIfNeeded: info.st_dev),
                              inode: UInt64(truncatingIfNeeded: info.st_ino))
        } ?? nil
    }

    /// The names in the directory `path` (without `.` and `..`), or nil with `errorText` set.
    package static func directoryNames(_ path: [UInt8], limit: Int) -> (names: [[UInt8]], more: Bool)? {
        withCString(path) { name -> (names: [[UInt8]], more: Bool)? in
            guard let directory = opendir(name) else { return nil }
            defer { closedir(directory) }
            var names: [[UInt8]] = []
            while let entry = readdir(directory) {
                let bytes = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                    pointer.withMemoryRebound(to: UInt8.self, capacity: 256) { Array(UnsafeBufferPointer(start: $0, count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)))) }
                }
                if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
                if names.count == limit { return (names, true) }
                names.append(bytes)
            }
            return (names, false)
        } ?? nil
    }

    /// The absolute path `path` resolves to, every symbolic link followed (`realpath`), or nil.
    package static func resolvedPath(_ path: [UInt8]) -> [UInt8]? {
        withCString(path) { name -> [UInt8]? in
            guard let resolved = realpath(name, nil) else { return nil }
            defer { free(resolved) }
            return Array(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved)))
        } ?? nil
    }

    /// Up to `count` first bytes of the file `path`, or nil with `errorText` set.
    package static func head(of path: [UInt8], count: Int) -> [UInt8]? {
        withCString(path) { name -> [UInt8]? in
            // O_NONBLOCK: a file swapped for a FIFO after it was listed must not block the search.
            let fd = open(name, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { return nil }
            defer { Platform.close(fd) }
            var buffer = [UInt8](repeating: 0, count: count)
            var total = 0
            while total < count {
                let n = buffer.withUnsafeMutableBytes { raw -> Int in
                    guard let base = raw.baseAddress else { return 0 }
                    return Platform.read(fd, into: base + total, count: count - total)
                }
                if n < 0 { if Platform.interrupted { continue }; return nil }
                if n == 0 { break }
                total += n
            }
            return Array(buffer.prefix(total))
        } ?? nil
    }

    /// Runs `body` with `path` as a NUL-terminated C string; nil when the name holds a NUL byte.
    private static func withCString<T>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T? {
        guard !path.contains(0) else { return nil }
        return (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { $0.baseAddress.map(body) }
        }
    }
}
