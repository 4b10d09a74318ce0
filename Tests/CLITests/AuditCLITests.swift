import ArchiveModel
import Foundation
import Testing
import TestSupport

/// `--audit` through the real binary (issue 40, item 4): the report, the allow-list forms, JSON, exit
/// statuses, sources, and file text escaped.
@Suite struct AuditCLITests {
    typealias CLI = CLITests

    /// `{"name": 7}` as a keyed archive, in a file of its own per caller (tests run in parallel).
    static func dictionary(_ function: String = #function) throws -> String {
        var k = KeyedArchiveBuilder()
        let key = k.add(.string("name")), value = k.add(.int(7))
        let root = k.object("NSDictionary", [("NS.keys", .refs([key])), ("NS.objects", .refs([value]))])
        k.top = [("root", .ref(root))]
        return try CLI.temp(k.buildBinary(), "audit-dict-\(function.prefix { $0 != "(" }).bplist")
    }

    @Test func aFailingAllowListExitsOneWithApplesMessage() throws {
        let path = try Self.dictionary()
        let r = try CLI.run(["--audit", "--allowed-classes", "NSDictionary,NSString", path])
        #expect(r.status == 1)
        #expect(r.out.contains("fails at #2, root/NS.objects[0]: value for key 'NS.objects' was of unexpected class 'NSNumber'. Allowed classes are '{(NSDictionary, NSString)}'."))
        #expect(r.out.contains("error: security.allow-list.rejected"))
        let ok = try CLI.run(["--audit", "--allowed-classes", "NSDictionary,NSString,NSNumber", path])
        #expect(ok.status == 0 && ok.out.contains("decodes: every object checked against the set passes"), "\(ok.out)")
    }

    @Test func aBareAllowListAsksForTheSmallestList() throws {
        let path = try Self.dictionary()
        for arguments in [["--audit", path, "--allowed-classes"], ["--audit", "--allowed-classes=", path], ["--audit", "--allowed-classes", "--json", path]] {
            let r = try CLI.run(arguments)
            #expect(r.status == 0, "\(arguments): \(r.err)")
            #expect(r.out.contains("smallest allow-list: NSDictionary,NSNumber,NSString") || r.out.contains(#""smallest":["NSDictionary","NSNumber","NSString"]"#), "\(arguments): \(r.out)")
        }
    }

    @Test func anAllowListFileIsReadWithComments() throws {
        let path = try Self.dictionary()
        let list = try CLI.temp(Array("# shipped classes\nNSDictionary\nNSString  # keys\nNSNumber\n".utf8), "audit-allowed.txt")
        let r = try CLI.run(["--audit", "--allowed-classes", "@" + list, path])
        #expect(r.status == 0 && r.out.contains("allow-list: NSDictionary, NSNumber, NSString"), "\(r.out)")
        let missing = try CLI.run(["--audit", "--allowed-classes", "@/nonexistent/list", path])
        #expect(missing.status == 2 && missing.err.contains("cannot read"))
    }

    @Test func jsonCarriesCensusPredictionAndFindings() throws {
        let path = try Self.dictionary()
        let r = try CLI.run(["--audit", "--json", "--allowed-classes", "NSDictionary", path])
        #expect(r.status == 1)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let classes = try #require(doc["classes"] as? [[String: Any]])
        #expect(classes.compactMap { $0["name"] as? String } == ["NSDictionary", "NSString", "NSNumber"])
        #expect(classes.first?["keyPath"] as? String == "root" && classes.first?["family"] as? String == "property-list")
        let allow = try #require(doc["allowList"] as? [String: Any])
        let rejection = try #require(allow["rejection"] as? [String: Any])
        #expect(rejection["class"] as? String == "NSString" && rejection["key"] as? String == "NS.keys")
        #expect(allow["decodes"] as? Bool == false)
        let findings = try #require(doc["findings"] as? [[String: Any]])
        #expect(findings.first?["id"] as? String == "security.allow-list.rejected")
        #expect(doc["fails"] as? Bool == true)
    }

    @Test func aRiskFindingExitsOne() throws {
        var k = KeyedArchiveBuilder()
        let root = k.object("NSSharedKeyDictionary", [])
        k.top = [("root", .ref(root))]
        let r = try CLI.run(["--audit", try CLI.temp(k.buildBinary(), "audit-shared.bplist")])
        #expect(r.status == 1 && r.out.contains("warning: security.class.dangerous"), "\(r.out)")
    }

    @Test func classNamesFromTheFileAreEscaped() throws {
        var k = KeyedArchiveBuilder()
        let root = k.object("Evil\u{1B}]0;title\u{07}", [])
        k.top = [("root", .ref(root))]
        let path = try CLI.temp(k.buildBinary(), "audit-escape.bplist")
        let r = try CLI.run(["--audit", "--allowed-classes", "NSArray", path])
        #expect(!r.out.utf8.contains(0x1B) && !r.out.utf8.contains(0x07))
        #expect(r.out.contains("Evil\\e]0;title"), "\(r.out)")
    }

    @Test func aFolderIsAuditedArchiveByArchive() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ab-audit-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let one = try Data(contentsOf: URL(fileURLWithPath: try Self.dictionary()))
        try one.write(to: URL(fileURLWithPath: dir + "/a.bplist"))
        try one.write(to: URL(fileURLWithPath: dir + "/b.bplist"))
        let r = try CLI.run(["--audit", "--json", "--allowed-classes", "NSDictionary,NSString,NSNumber", dir])
        #expect(r.status == 0)
        #expect(r.out.split(separator: "\n").count == 2, "\(r.out)")
    }

    @Test func anUnreadableFileIsSaidAndExitsTwo() throws {
        let path = try Self.dictionary()
        let r = try CLI.run(["--audit", "--json", "/nonexistent/x.plist", path])
        #expect(r.status == 2)
        let lines = r.out.split(separator: "\n")
        #expect(lines.count == 2 && lines.first == #"{"file":"/nonexistent/x.plist","error":"not read"}"#, "\(r.out)")
    }

    @Test func auditRefusesOtherModes() throws {
        let path = try Self.dictionary()
        #expect(try CLI.run(["--audit", "--check", path]).status == 2)
        #expect(try CLI.run(["--allowed-classes", "NSArray", path]).status == 2)
    }
}
