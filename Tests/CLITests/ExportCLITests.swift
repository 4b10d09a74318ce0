import ArchiveModel
import Foundation
import FuzzSupport
import Testing
import TestSupport

/// The export modes through the real binary: output, exit statuses and argument checks.
@Suite struct ExportCLITests {
    typealias CLI = CLITests

    @Test func unarchiveJSONIsOneDocumentAndExitsLikeCheck() throws {
        let clean = try CLI.run(["--demo", "--unarchive", "json"])
        #expect(clean.status == 0)
        let doc = try JSONSerialization.jsonObject(with: Data(clean.out.utf8)) as? [String: Any]
        #expect((doc?["root"] as? [String: Any])?["name"] as? String == "Demo Library")
        let damaged = try CLI.run(["--demo", "corrupt", "--unarchive", "json"])
        #expect(damaged.status == 1)
        #expect(damaged.err.contains("keyed.ref.dangling"))
        #expect(try JSONSerialization.jsonObject(with: Data(damaged.out.utf8)) is [String: Any])
    }

    @Test(arguments: ["xml1", "binary1"])
    func unarchivePlistFormatsReadBack(format: String) throws {
        // Through a file: binary1 is not text.
        let binary = try #require(CLI.binary)
        let path = try CLI.temp([], "export.\(format)")
        let r = try CLI.run(["-c", "\"$0\" --demo --unarchive \(format) > \"$1\"", binary, path], executable: "/bin/sh")
        #expect(r.status == 0)
        let back = try CLI.run(["--extract", "root.books.0.title", path])
        #expect(back.out == "A Wizard of Earthsea\n")
    }

    @Test func extractPrintsScalarsRawAndSubtreesAsJSON() throws {
        let title = try CLI.run(["--demo", "--extract", "root.books.1.title"])
        #expect(title.status == 0)
        #expect(title.out == "The Left Hand of Darkness\n")
        let note = try CLI.run(["--demo", "--extract", "root.metadata.note"])
        #expect(note.out == "line one\nline two \u{202E}reversed\n")
        let cover = try CLI.run(["--demo", "--extract", "root.metadata.cover"])
        #expect(Array(Array(cover.out.utf8).prefix(6)) == Array("GIF89a".utf8))
        let author = try CLI.run(["--demo", "--extract", "root.books.0.author"])
        #expect(author.out == #"{"$class":["Author","NSObject"],"$id":4,"name":"Ursula K. Le Guin","born":1929}"# + "\n")
    }

    @Test func extractOfAPathThatDoesNotResolveNamesTheLongestPrefix() throws {
        let r = try CLI.run(["--demo", "--extract", "root.books.9.title"])
        #expect(r.status == 1)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("no value at root.books.9.title; the longest prefix that resolves is root.books, an array of 3 items"))
    }

    @Test func classesAsTextAndJSON() throws {
        let text = try CLI.run(["--demo", "--classes"])
        #expect(text.status == 0)
        #expect(text.out.contains("Book: 3 instances\n  chain: Book < NSObject\n  title: 3 of 3 instances: string 3\n"))
        let json = try CLI.run(["--demo", "--classes", "--json"])
        let doc = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        let names = (doc?["classes"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names?.contains("Library") == true)
    }

    @Test func diffOfTwoLayoutsOfOneGraphIsEmptyAndOfAChangedOneNamesThePath() throws {
        func library(_ title: String, padding: Int) -> [UInt8] {
            var a = KeyedArchiveBuilder()
            for i in 0..<padding { a.add(.string("pad \(i)")) }
            let t = a.add(.string(title))
            let book = a.object("Book", [("title", .ref(t))])
            a.top = [("root", .ref(book))]
            return a.buildBinary()
        }
        let a = try CLI.temp(library("A", padding: 0), "diff-a"), b = try CLI.temp(library("A", padding: 3), "diff-b")
        let c = try CLI.temp(library("C", padding: 1), "diff-c")
        let same = try CLI.run(["--diff", a, b])
        #expect(same.status == 0)
        #expect(same.out.isEmpty)
        #expect(same.err.contains("equal object graphs"))
        let changed = try CLI.run(["--diff", a, c])
        #expect(changed.status == 1)
        #expect(changed.out.hasPrefix(#"changed root.title: "A" → "C""#))
        let json = try CLI.run(["--diff", a, c, "--json"])
        let doc = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        #expect(doc?["equal"] as? Bool == false)
        #expect(((doc?["differences"] as? [[String: Any]])?.first)?["path"] as? String == "root.title")
    }

    @Test func argumentsAreChecked() throws {
        for arguments in [["--demo", "--unarchive", "yaml"], ["--demo", "--unarchive", "json", "--json"],
                          ["--demo", "--classes", "--dump"], ["--demo", "--extract", #"a\b"#],
                          ["--demo", "--classes", "--extract", "root"], ["--diff", "a", "b", "c"]] {
            let r = try CLI.run(arguments)
            #expect(r.status == 2, "\(arguments)")
        }
    }

    /// An iMessage edit history: each edit's `t` is a typedstream in a data value. `--unarchive` writes
    /// it as the archive, and `--extract` reaches the edit's text through `$root`.
    @Test(.needsCorpus) func embeddedTypedstreamsAreExportedAndExtracted() throws {
        let path = try #require(Corpus.path("plist/imessage-exporter__Edited.plist"))
        let json = try CLI.run(["--unarchive", "json", path])
        #expect(json.status == 0)
        #expect(json.out.contains(#"{"t":{"$archive":"typedstream","$root":[{"$string":"First message  ","#), "\(json.out.prefix(300))")
        let text = try CLI.run(["--extract", "ec.0.1.t.$root.0.$string", path])
        #expect(text.status == 0)
        #expect(text.out == "Edit 1\n")
        let missing = try CLI.run(["--extract", "ec.0.1.t.$root.3", path])
        #expect(missing.status == 1)
        #expect(missing.err.contains("the longest prefix that resolves is ec.0.1.t.$root, an array of 1 item"), "\(missing.err)")
    }

    /// Two versions of that edit history, one edit's text changed inside its typedstream: `--diff`
    /// names the text through `$root`, not the two blobs.
    @Test(.needsCorpus) func diffLooksInsideEmbeddedArchives() throws {
        let path = try #require(Corpus.path("plist/imessage-exporter__Edited.plist"))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let old = Array("Edit 1".utf8)
        let at = try #require((0...(bytes.count - old.count)).first { Array(bytes[$0..<($0 + old.count)]) == old })
        var edited = bytes
        edited.replaceSubrange(at..<(at + old.count), with: Array("Edit X".utf8))
        let copy = try CLI.temp(edited, "edited.plist")
        let r = try CLI.run(["--diff", path, copy])
        #expect(r.status == 1)
        #expect(r.out.hasPrefix(#"changed ec.0.1.t.$root.0.$string: "Edit 1" → "Edit X""#), "\(r.out)")
        #expect(r.out.contains("inside the archives embedded at ec.0.1.t"))
    }

    /// Two versions of a nib: a copy with one frame string edited (same length) differs at exactly
    /// that path; strings (NSString instances in a nib) are values, written again where met again.
    @Test(.needsCorpus) func diffOfTwoVersionsOfANib() throws {
        let path = try #require(Corpus.path("nibarchive/viraptor-ibtool__button_shadowless.nib"))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let old = Array("{{480, 315}, {480, 270}}".utf8), new = Array("{{480, 315}, {640, 270}}".utf8)
        let at = try #require((0...(bytes.count - old.count)).first { Array(bytes[$0..<($0 + old.count)]) == old })
        var edited = bytes
        edited.replaceSubrange(at..<(at + old.count), with: new)
        let copy = try CLI.temp(edited, "wider.nib")
        let r = try CLI.run(["--diff", path, copy])
        #expect(r.status == 1)
        #expect(r.out.hasPrefix(#"changed root.IB\.objectdata.NSVisibleWindows.$set.0.NSWindowRect: "{{480, 315}, {480, 270}}" → "{{480, 315}, {640, 270}}""#))
        #expect(r.out.split(separator: "\n").filter { !$0.hasPrefix(" ") }.count == 1)
        let json = try CLI.run(["--unarchive", "json", path])
        #expect(json.out.contains(#""NSClassName":"NSApplication""#))
    }
}
