import ArchiveModel

/// `-q`/`--quiet` (issue 38): no notes on standard error, in any mode; errors and warnings still go
/// there. Standard output (`--check`, `--dump`, `--json`) is not changed. Set once from the arguments
/// before any mode runs.
enum QuietNotes {
    nonisolated(unsafe) static var isOn = false

    /// What standard error shows of `diagnostics`: all of them, or without the notes when quiet.
    static func shown(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        isOn ? diagnostics.filter { $0.severity >= .warning } : diagnostics
    }
}
