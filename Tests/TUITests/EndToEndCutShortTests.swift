import ArchiveModel
import Foundation
import Testing
import TestSupport

/// End-to-end: a file above `InputBytes.mapThreshold` (so mapped, not copied) cut to nothing by another
/// process while the browser has it open. Reading its bytes then must not kill the browser with SIGBUS:
/// the hex view shows zeros, the status line says where the file was cut, and the browser quits
/// normally, saying so again on standard error.
@Suite(.serialized, .tags(.slow), .needsTmux) struct EndToEndCutShortTests {
    /// A binary plist of one data value, just over the threshold, written sparse (the data is a hole).
    static func writeSparsePlist(at path: String) throws {
        let length = UInt64(InputBytes.mapThreshold)
        var head = Array("bplist00".utf8) + [0x4F, 0x13]
        for shift in stride(from: 56, through: 0, by: -8) { head.append(UInt8(truncatingIfNeeded: length >> UInt64(shift))) }
        let tableOffset = UInt64(head.count) + length
        var tail: [UInt8] = [0, 0, 0, 8] + [UInt8](repeating: 0, count: 6) + [4, 1] // offset table, trailer
        for value in [1, 0, tableOffset] as [UInt64] {
            for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(fd) }
        let wrote = head.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            + tail.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(tableOffset)) }
        guard wrote == head.count + tail.count else { throw CocoaError(.fileWriteUnknown) }
    }

    @Test func mappedFileCutToNothingWhileOpen() throws {
        let directory = try EndToEndTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/big.bplist"
        try Self.writeSparsePlist(at: path)
        let b = try BrowserInTmux(["big.bplist"], in: directory, cols: 110, rows: 12)
        #expect(b.waitFor("root  data  \(InputBytes.mapThreshold) bytes"), "\(b.screen)")
        // The cut must come after the automatic check: a check still reading the value would meet the
        // zeroed pages first and say so before the key below (which then clears the message). The check
        // reads the whole value, which on a loaded machine takes longer than one ordinary wait.
        try #require(b.waitForStatus("0 problems │", timeout: 10 * BrowserInTmux.timeout), "the automatic check ends:\n\(b.screen)")
        #expect(!b.statusLine().contains("file cut"))

        #expect(truncate(path, 0) == 0)
        try b.send("x") // the hex view reads the first page again: gone from the file now
        #expect(b.waitForStatus("file cut short: zeros from byte 0 on"), "\(b.screen)")
        #expect(b.statusLine().contains("file cut │"), "the short mark beside the message:\n\(b.screen)")
        #expect(b.waitFor("00000000  00 00 00 00 00 00 00 00"), "the header now reads as zeros:\n\(b.screen)")
        #expect(!b.lines().contains { $0.contains("62 70 6c 69") }, "no stale header bytes:\n\(b.screen)")
        // The message goes with the next key; the mark stays.
        try b.send("j")
        #expect(b.waitUntil { _ in !b.statusLine().contains("cut short") }, "\(b.screen)")
        #expect(b.statusLine().contains("file cut at 0 │"), "\(b.screen)")
        try b.send("q")
        #expect(b.waitForExit() == 0, "no SIGBUS, a normal quit:\n\(b.screen)")
        #expect(b.lines().contains { $0.contains("big.bplist was cut short by another process while it was read") }, "\(b.screen)")
        try EndToEndTests.expectTerminalRestored(b)
        #expect(b.finish() == 0)
    }
}
