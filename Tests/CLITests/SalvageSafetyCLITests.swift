import ArchiveModel
import Foundation
import Testing
import TestSupport

/// Issue 42 items 3 and 5 through the real binary: `--salvage` output that Python's plistlib loads
/// (a date it refuses becomes a placeholder, named in the report), a salvage that keeps nothing is
/// refused, and a text plist with merge-conflict markers is named and repaired with `--side`.
@Suite struct SalvageSafetyCLITests {
    static func scratch(_ name: String) -> String { SalvageCLITests.scratch("safety-" + name) }

    static func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = scratch(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    // MARK: read-back

    @Test func aRefusedDateIsAPlaceholderInTheTextAndJSONReports() throws {
        let input = try Self.write(SalvageFixture.plainWithDate(4.16e25), "date.plist")
        let out = Self.scratch("date-salvaged.plist")
        let text = try CLITests.run(["--salvage", out, input])
        #expect(text.status == 1, "\(text.err)")
        #expect(text.err.contains("2 replaced by placeholders"))
        #expect(text.err.contains("#0 when "), "\(text.err)")
        #expect(text.err.contains("placeholder: it is a date of 4.16e+25 s since 2001-01-01, outside the years 1 to 9999"))
        #expect(!text.err.contains("the new file still has"))
        let forced = try CLITests.run(["--salvage", out, "--force", "--json", input])
        let report = try Self.json(forced.out)
        #expect(report["problemsAfter"] as? Int == 0)
        #expect((report["readBack"] as? [Any])?.isEmpty == true)
        #expect((report["contentValues"] as? Int ?? 0) > 0)
        #expect((report["notes"] as? [Any])?.isEmpty == true)
        let changes = try #require(report["changes"] as? [[String: Any]])
        #expect(changes.filter { $0["action"] as? String == "placeholder" }.compactMap { $0["key"] as? String } == ["when", "list[0]"])
    }

    @Test func repairReportsWhatTheReadBackFinds() throws {
        // A base64-wrapped plist with a date plistlib refuses: --repair takes the wrapper off and says what is left.
        let input = try Self.write(Array(Data(SalvageFixture.plainWithDate(-1e20)).base64EncodedString().utf8), "date.b64")
        let out = Self.scratch("date-repaired.plist")
        let r = try CLITests.run(["--repair", out, "--json", input])
        #expect(r.status == 1, "\(r.err)")
        let report = try Self.json(r.out)
        let readBack = try #require(report["readBack"] as? [[String: Any]])
        #expect(readBack.count == 2)
        #expect(readBack.allSatisfy { ($0["message"] as? String)?.contains("Python's plistlib") == true && $0["id"] is NSNull })
    }

    @Test(.needsPython()) func salvagedDatesLoadInPythonPlistlib() throws {
        let python = try #require(Tools.path(of: "python3"))
        var outputs: [String] = []
        for (name, bytes) in [("plain", SalvageFixture.plainWithDate(4.16e25)), ("keyed", SalvageFixture.keyedWithDate(-1e300)),
                              ("nan", SalvageFixture.plainWithDate(.nan))] {
            let input = try Self.write(bytes, name + "-in.plist"), out = Self.scratch(name + "-out.plist")
            // The input itself is refused by plistlib; the salvage is not.
            let refused = try CLITests.run(["-c", "import plistlib,sys; plistlib.load(open(sys.argv[1],'rb'))", input], executable: python)
            #expect(refused.status != 0)
            let r = try CLITests.run(["--salvage", out, input])
            #expect(r.status == 1, "\(r.err)")
            outputs.append(out)
        }
        let r = try CLITests.run(["-c", "import plistlib,sys\nfor p in sys.argv[1:]: plistlib.load(open(p,'rb'))\nprint('loaded', len(sys.argv)-1)"]
                                 + outputs, executable: python)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("loaded 3"))
    }

    @Test(.enabled(if: SalvageCLITests.peer != nil, "needs foundation-peer built beside archive-browse"))
    func aSalvagedKeyedArchiveWithPlaceholderDatesLoadsInFoundation() throws {
        let peer = try #require(SalvageCLITests.peer)
        let input = try Self.write(SalvageFixture.keyedWithDate(4.16e25), "peer-in.plist"), out = Self.scratch("peer-out.plist")
        #expect(try CLITests.run(["--salvage", out, input]).status == 1)
        let r = try CLITests.run([out], executable: peer, environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("decoded 1 of 1 $top keys"))
    }

    // MARK: nothing kept

    @Test func aSalvageKeepingNothingExitsTwoAndWritesNothing() throws {
        let input = try Self.write(SalvageFixture.set(40, dangling: true), "empty-set.bplist")
        let out = Self.scratch("empty-set-out.bplist")
        let r = try CLITests.run(["--salvage", out, input])
        #expect(r.status == 2)
        #expect(r.err.contains("nothing of the archive's content decodes"), "\(r.err)")
        #expect(r.err.hasSuffix("nothing written\n"))
        #expect(!FileManager.default.fileExists(atPath: out))
        let sound = try Self.write(SalvageFixture.set(0, dangling: false), "sound-empty-set.bplist")
        #expect(try CLITests.run(["--salvage", out, sound]).status == 0)
    }

    // MARK: merge conflicts

    @Test func aConflictedPlistIsNamedAndCheckedAsSuch() throws {
        let input = try Self.write(Array(SalvageFixture.conflicted.utf8), "conflicted.plist")
        let r = try CLITests.run(["--check", input])
        #expect(r.status == 1)
        #expect(r.out.contains("damage.merge-conflict"))
        #expect(r.out.contains("lines 6–12 (ours (\"HEAD\") line 7, theirs (\"feature\") lines 9–11)"), "\(r.out)")
        let explain = try CLITests.run(["--explain", "damage.merge-conflict"])
        #expect(explain.status == 0)
        #expect(explain.out.contains("--side ours"))
    }

    @Test func repairWithoutASideSaysWhichSidesThereAre() throws {
        let input = try Self.write(Array(SalvageFixture.conflicted.utf8), "noside.plist")
        let out = Self.scratch("noside-out.plist")
        let r = try CLITests.run(["--repair", out, input])
        #expect(r.status == 2)
        #expect(r.err.contains("ours (\"HEAD\") line 7, theirs (\"feature\") lines 9–11"), "\(r.err)")
        #expect(r.err.contains("choose the side to keep with --side ours or --side theirs; nothing written"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test(arguments: [("ours", SalvageFixture.ours), ("theirs", SalvageFixture.theirs)])
    func repairKeepsTheSideAsked(_ side: String, _ lines: String) throws {
        let input = try Self.write(Array(SalvageFixture.diff3.utf8), "side-\(side).plist")
        let out = Self.scratch("side-\(side)-out.plist")
        let r = try CLITests.run(["--repair", out, "--side", side, "--json", input])
        #expect(r.status == 1, "\(r.err)")
        let step = try #require((try Self.json(r.out)["repairs"] as? [[String: Any]])?.first)
        #expect(step["mechanism"] as? String == "merge-conflict")
        #expect(step["side"] as? String == side)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data((SalvageFixture.xmlHead + lines + SalvageFixture.xmlTail).utf8))
        #expect(try CLITests.run(["--check", out]).status == 0)
        // --salvage takes the side too.
        let salvaged = Self.scratch("side-\(side)-salvaged.plist")
        #expect(try CLITests.run(["--salvage", salvaged, "--side", side, input]).status == 1)
        #expect(try CLITests.run(["--check", salvaged]).status == 0)
    }

    @Test(arguments: [
        (["--demo", "--check", "--side", "ours"], "--side works only with --repair or --salvage"),
        (["--demo", "--repair", "x", "--side", "mine"], "--side takes ours or theirs (\"mine\" given)"),
    ])
    func misusedSideIsAUsageError(_ arguments: [String], _ message: String) throws {
        let r = try CLITests.run(arguments)
        #expect(r.status == 2)
        #expect(r.err.contains(message))
    }
}
