#if canImport(Glibc)
import Glibc
#endif

/// Process measurements without Foundation: monotonic time and resident memory from /proc.
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
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
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

func printError(_ text: String) {
    let line = text + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
