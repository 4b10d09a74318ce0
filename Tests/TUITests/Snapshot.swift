import TestSupport
import Foundation
import Testing
@testable import TUI

/// Screen snapshots under `Tests/TUITests/Snapshots/`: the text, then the style of every cell as runs
/// (`Style.code`). A missing file is recorded (and the test fails once); `RECORD_SNAPSHOTS=1`
/// re-records all.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    static func render(_ screen: ScreenBuffer) -> String {
        screen.text + "\n--- styles\n" + screen.styleMap + "\n"
    }

    static func assertMatches(_ screen: ScreenBuffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = render(screen)
        let url = directory.appendingPathComponent(name + ".txt")
        let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if record || expected == nil {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            if !record { Issue.record("recorded new snapshot \(name); run again", sourceLocation: sourceLocation) }
            return
        }
        if expected != actual {
            Issue.record("snapshot \(name) differs:\n--- expected\n\(expected ?? "")\n--- actual\n\(actual)", sourceLocation: sourceLocation)
        }
    }
}
