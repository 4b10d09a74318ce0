import ArchiveCore

/// One pass over the input: how often each byte value occurs and where the long runs of zero bytes
/// are. The damage detectors read their byte-level evidence from here.
struct ByteStatistics {
    /// Occurrences of each byte value.
    var histogram = [Int](repeating: 0, count: 256)
    /// Runs of zero bytes of at least `minimumZeroRun` bytes (at most `maximumRuns` of them).
    var zeroRuns: [ByteRange] = []

    static let minimumZeroRun = 16
    static let maximumRuns = 4096

    init(_ input: InputBytes) {
        var runStart = -1
        var counts = [Int](repeating: 0, count: 256)
        var runs: [ByteRange] = []
        input.buffer.withMemoryRebound(to: UInt8.self) { bytes in
            counts.withUnsafeMutableBufferPointer { c in
                for (i, b) in bytes.enumerated() {
                    c[Int(b)] &+= 1
                    if b == 0 {
                        if runStart < 0 { runStart = i }
                    } else if runStart >= 0 {
                        if i - runStart >= Self.minimumZeroRun, runs.count < Self.maximumRuns { runs.append(ByteRange(runStart, i)) }
                        runStart = -1
                    }
                }
            }
        }
        if runStart >= 0, input.count - runStart >= Self.minimumZeroRun, runs.count < Self.maximumRuns {
            runs.append(ByteRange(runStart, input.count))
        }
        histogram = counts
        zeroRuns = runs
    }

    func count(_ byte: UInt8) -> Int { histogram[Int(byte)] }

    /// Bytes of 0x80 or more.
    var highBytes: Int { histogram[128...].reduce(0, +) }
}
