#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Every C library call of the campaign, for macOS (Darwin) and Linux (Glibc, Musl) alike: no other file
// of the target imports the C library.

/// The process and file-system calls the campaign makes.
enum Platform {
    /// Ends the process with `status`.
    static func exit(_ status: Int32) -> Never { exitProcess(status) }

    /// Ends the process at once with `status`, without running anything else (the worker may hang).
    static func exitNow(_ status: Int32) -> Never { _exit(status) }

    /// Ends the process with SIGABRT (a testing aid for the wrapper).
    static func abort() -> Never { abortProcess() }

    /// Sleeps for `seconds`.
    static func sleep(seconds: UInt32) { _ = sleepThread(seconds) }

    /// Creates the directory `path` (nothing when it exists).
    static func makeDirectory(_ path: String) { mkdir(path, 0o755) }

    enum FileKind { case regular, directory, other }

    /// What `path` is, following links, or nil when it cannot be examined.
    static func kind(of path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// The names in the directory `path` (with `.` and `..`), unsorted; empty when it cannot be read.
    static func names(inDirectory path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            // d_name is a fixed-size C array on both systems (256 bytes on Linux, 1024 on macOS).
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return names
    }
}

// The C names, reached from inside `Platform`, whose own members of the same names would shadow them.
private func exitProcess(_ status: Int32) -> Never { exit(status) }
private func abortProcess() -> Never { abort() }
private func sleepThread(_ seconds: UInt32) -> UInt32 { sleep(seconds) }

/// Process measurements without Foundation: monotonic time, and resident memory from /proc (Linux;
/// elsewhere `memory()` is nil and `resetPeak()` false, so the peak is not measured).
enum Probe {
    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Resets the process's peak RSS (VmHWM) to the current RSS; false where the kernel does not
    /// support it (writing 5 to /proc/self/clear_refs, Linux 4.0+).
    static func resetPeak() -> Bool {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }

    /// (current RSS, peak RSS) in KiB from /proc/self/status, or nil.
    static func memory() -> (rss: Int, peak: Int)? {
        let fd = open("/proc/self/status", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        let text = String(decoding: buffer[0..<n], as: UTF8.self)
        func field(_ name: String) -> Int? {
            for line in text.split(separator: "\n") where line.hasPrefix(name) {
                return Int(line.dropFirst(name.count).filter { $0.isNumber })
            }
            return nil
        }
        guard let rss = field("VmRSS:"), let peak = field("VmHWM:") else { return nil }
        return (rss, peak)
    }
}

/// Appends lines to a file, flushing each one (so a crash loses nothing written before it).
final class LineLog {
    let fd: Int32
    init?(path: String, truncate: Bool = false) {
        fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (truncate ? O_TRUNC : 0), 0o644)
        if fd < 0 { return nil }
    }
    deinit { close(fd) }

    func write(_ line: String) {
        let text = line + "\n"
        _ = text.withCString { writeDescriptor(fd, $0, strlen($0)) }
    }
}

/// Replaces the content of `path` with `text` (the "current input" marker written before each decode).
func overwrite(_ path: String, _ text: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return }
    _ = text.withCString { write(fd, $0, strlen($0)) }
    close(fd)
}

/// Writes bytes to a new file; false on failure.
func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    return n == bytes.count
}

private func writeDescriptor(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }

func printError(_ text: String) {
    let line = text + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
