import ArchiveCore

/// A step counter for the audit's per-object loops: every `interval` steps it tells a caller's
/// `report` closure how far the loop is (0...1 of `total` steps), and the closure answers false to
/// stop (the browser's Esc). A report every 4,096 objects costs nothing next to reading them.
struct AuditProgress {
    static let interval = 4_096

    let total: Int
    private var step = 0
    /// Whether a report was answered with false.
    private(set) var stopped = false

    init(total: Int) {
        self.total = max(1, total)
    }

    /// Counts one step; false once the work should stop.
    mutating func tick(_ report: (Double) -> Bool) -> Bool {
        guard !stopped else { return false }
        step += 1
        if step % Self.interval == 0 {
            stopped = !report(min(1, Double(step) / Double(total)))
        }
        return !stopped
    }
}
