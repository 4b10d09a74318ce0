/// Time and memory readings for the hostile and sweep tests: the monotonic clock everywhere, resident
/// memory from Linux's /proc (elsewhere `status()` is nil and `resetPeak()` false, and the memory
/// checks are skipped).
public enum Memory {
    /// Seconds on the monotonic clock.
    public static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Resets the peak RSS (VmHWM) to the current RSS; false where the kernel cannot (not Linux).
    public static func resetPeak() -> Bool {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }

    /// `body`'s result, and how far (KiB) the peak RSS rose above the RSS at its start while it ran;
    /// nil where the peak cannot be reset or read (not Linux). Tests running beside it in the same
    /// process count too, so a bound on it must leave room for them; the RSS already held when
    /// `body` starts does not count (an absolute peak did, and failed when earlier or concurrent
    /// suites had grown the process).
    public static func peakGrowth<T>(_ body: () throws -> T) rethrows -> (result: T, growth: Int?) {
        let reset = resetPeak()
        let before = status()
        let result = try body()
        guard reset, let before, let after = status() else { return (result, nil) }
        return (result, Swift.max(0, after.peak - before.rss))
    }

    /// (RSS, peak RSS) in KiB, or nil where /proc is not there.
    public static func status() -> (rss: Int, peak: Int)? {
        let fd = open("/proc/self/status", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        var rss: Int?, peak: Int?
        for line in String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n") {
            let digits = Int(line.filter(\.isNumber))
            if line.hasPrefix("VmRSS:") { rss = digits } else if line.hasPrefix("VmHWM:") { peak = digits }
        }
        guard let rss, let peak else { return nil }
        return (rss, peak)
    }
}
