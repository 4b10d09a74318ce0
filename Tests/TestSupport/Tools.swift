import Foundation
import Testing

/// Programs the tests run beside the project (tmux, jq, python3 and its modules). A test that needs
/// one says so with a trait, so that where the program is missing the test shows as skipped, with the
/// reason, instead of passing without checking anything. CI installs them all (`.ci/run`).
public enum Tools {
    /// Whether `command` is an executable file in a folder of `PATH`.
    public static func has(_ command: String) -> Bool {
        path(of: command) != nil
    }

    /// The full path of `command` in `PATH`, if any.
    public static func path(of command: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(command)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether `python3` runs and imports every module in `modules` (asked once per set of modules).
    public static func python(importing modules: [String]) -> Bool {
        guard let python = path(of: "python3") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", modules.isEmpty ? "pass" : "import " + modules.joined(separator: ", ")]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where `command` is on `PATH`; elsewhere it shows as skipped.
    public static func needsTool(_ command: String) -> Self {
        .enabled(if: Tools.has(command), Comment(rawValue: "needs \(command) on PATH"))
    }

    /// Runs the test only where `python3` imports `modules` (none: python3 alone); elsewhere it
    /// shows as skipped with the `pip install` that would enable it.
    public static func needsPython(_ modules: String..., pip: String? = nil) -> Self {
        let what = modules.isEmpty ? "python3" : "python3 with " + modules.joined(separator: ", ")
        let why = "needs \(what)" + (pip.map { " (pip install \($0))" } ?? "")
        return .enabled(if: Tools.python(importing: modules), Comment(rawValue: why))
    }
}
