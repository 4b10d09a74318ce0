import ArchiveModel
import Foundation
import FuzzSupport
import Testing

/// Every mode of the real binary on a built nib (issue 26): `--check`, `--dump`, `--json` and the
/// browser's screen, where the connections are one step from the top.
@Suite struct NIBArchiveCLITests {
    static func file(_ builder: NIBArchiveBuilder, _ name: String) throws -> String {
        try CLITests.temp(builder.build().bytes, name)
    }

    @Test func checkIsCleanOnASoundNib() throws {
        let r = try CLITests.run(["--check", try Self.file(.sample(), "sound.nib")])
        #expect(r.status == 0)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("NIBArchive: 0 errors, 0 warnings"))
    }

    @Test func checkLocatesADanglingReference() throws {
        var b = NIBArchiveBuilder.sample()
        let (_, marks) = b.build()
        b.values[18] = NIBArchiveBuilder.ValueEntry(keyIndex: b.key("UIDestination"), type: 10, payload: NIBArchiveBuilder.le(77, 4))
        let r = try CLITests.run(["--check", try Self.file(b, "dangling.nib")])
        #expect(r.status == 1)
        #expect(r.out.hasPrefix("\(marks["value.18.payload"] ?? -1): error: nib.value.ref-out-of-range: value 18 refers to object 77, but the object table has 9 objects"))
    }

    @Test func dumpListsTheConnections() throws {
        let r = try CLITests.run(["--dump", try Self.file(.sample(), "dump.nib")])
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("\(NSTemporaryDirectory())"))
        #expect(r.out.contains("NIBArchive, NIBArchive, 9 objects"))
        #expect(r.out.contains("  connections = list 1 item"))
        #expect(r.out.contains("outlet view, #3 UIViewController → #4 UIView"))
    }

    @Test func jsonHasEveryObject() throws {
        let r = try CLITests.run(["--json", try Self.file(.sample(), "json.nib")])
        #expect(r.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        #expect(parsed?["format"] as? String == "nibarchive")
        #expect((parsed?["objects"] as? [Any])?.count == 9)
    }

    /// A new user's path: open the nib, go to the connections (the last row), expand them.
    @Test func theBrowserShowsWhereAnOutletLeads() throws {
        let r = try CLITests.run(["--screen", "100x10", "--keys", "Gl", try Self.file(.sample(), "screen.nib")])
        #expect(r.status == 0)
        #expect(r.out.contains("connections"))
        #expect(r.out.contains("UIRuntimeOutletConnection"))
        #expect(r.out.contains("outlet view, #3 UIViewController → #4 UIView"))
    }
}
