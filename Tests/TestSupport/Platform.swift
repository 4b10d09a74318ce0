#if canImport(Darwin)
@_exported import Darwin
#elseif canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#endif

// The C library for the test targets, macOS (Darwin) and Linux (Glibc, Musl) alike: they import
// TestSupport, which re-exports it, and no test file imports Glibc or Darwin itself. The calls whose
// spelling differs between the systems are here.

/// Calls whose spelling or behaviour differs between macOS and Linux.
public enum TestPlatform {
    /// Whether the C library is glibc (Linux), for tests that compare with it.
    public static var isGlibc: Bool {
        #if canImport(Glibc)
        return true
        #else
        return false
        #endif
    }

    /// The environment variable `name`, or nil when it is not set.
    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The address of the C function `name` in the process (dlsym with RTLD_DEFAULT, which is 0 on
    /// Linux and -2 on macOS), or nil.
    public static func cFunction(named name: String) -> UnsafeMutableRawPointer? {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)
        #else
        let everywhere = UnsafeMutableRawPointer(bitPattern: 0)
        #endif
        return dlsym(everywhere, name)
    }

    /// Writes all of `bytes` to the open file `fd`; false if it failed.
    public static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { writeDescriptor(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Creates (or truncates) the file `path` with `bytes`; false if it failed.
    public static func writeFile(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(bytes, to: fd)
    }

    /// A pipe whose write end already holds `bytes` and is closed: the read end, or nil.
    public static func pipe(holding bytes: [UInt8]) -> Int32? {
        var ends: [Int32] = [0, 0]
        guard makePipe(&ends) == 0 else { return nil }
        let written = write(bytes, to: ends[1])
        close(ends[1])
        guard written else { close(ends[0]); return nil }
        return ends[0]
    }
}

// The C names, reached from inside `TestPlatform`, whose own members of the same names would shadow them.
private func writeDescriptor(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, bytes, count) }
private func makePipe(_ ends: UnsafeMutablePointer<Int32>) -> Int32 { pipe(ends) }
