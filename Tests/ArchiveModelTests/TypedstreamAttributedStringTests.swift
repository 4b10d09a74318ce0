import Testing
@testable import ArchiveModel
import FuzzSupport

/// NSAttributedString runs in a typedstream are checked against the length of their string
/// (issue 25 bug 6: `run 3: [8, 56)` on a 17-unit string was shown with 0 problems).
@Suite struct TypedstreamAttributedStringTests {
    /// An NSMutableAttributedString over `text` with one `iI` group (dictionary number, length) per
    /// run; the first run carries an empty NSDictionary, later ones refer to it. Returns the writer,
    /// the object's id and the offset of each run's length value.
    static func attributed(_ text: String, runs: [Int]) -> (TypedstreamWriter, id: Int, stringID: Int, lengthAt: [Int]) {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        let id = w.beginObject([("NSMutableAttributedString", 0), ("NSAttributedString", 0), ("NSObject", 0)])
        w.types("@")
        let stringID = w.nsString(text)
        var lengthAt: [Int] = []
        var dictionary: Int?
        for (i, length) in runs.enumerated() {
            w.types("iI")
            w.int(Int128(i + 1))
            lengthAt.append(w.offset)
            w.int(Int128(length))
            w.types("@")
            if let dictionary {
                w.ref(dictionary)
            } else {
                dictionary = w.beginObject([("NSDictionary", 0), ("NSObject", 0)])
                w.types("i")
                w.int(0)
                w.endObject()
            }
        }
        w.endObject()
        return (w, id, stringID, lengthAt)
    }

    @Test func runPastTheEndIsAnErrorAtItsLength() throws {
        let (w, id, stringID, lengthAt) = Self.attributed("attributed string", runs: [3, 3, 2, 48])
        let graph = TypedstreamInvariants.decodeChecked(w.bytes)
        let found = graph.fullCheck().filter { $0.id == "typedstream.attributed-string.run-past-end" }
        #expect(found.count == 1)
        let d = try #require(found.first)
        #expect(d.severity == .error)
        #expect(d.object == id)
        #expect(d.range == ByteRange(lengthAt[3], lengthAt[3] + 1))
        #expect(d.message == "run 3 of NSMutableAttributedString #\(id) covers [8, 56) but its string has 17 UTF-16 units")
        #expect(d.notes == [DiagnosticNote("the string, #\(stringID), has 17 UTF-16 units", range: graph.object(stringID).range)])
        #expect(graph.object(id).diagnostics.contains(d))
        #expect(CheckReport.exitStatus(graph.fullCheck()) == 1)
        #expect(CheckReport.lines(graph.fullCheck()).contains { $0.contains("typedstream.attributed-string.run-past-end") })
    }

    @Test func laterRunsPastTheEndAreCounted() {
        let (w, id, _, _) = Self.attributed("abc", runs: [2, 2, 1, 0])
        let found = w.decode().fullCheck().filter { $0.id == "typedstream.attributed-string.run-past-end" }
        #expect(found.map(\.message) == ["run 1 of NSMutableAttributedString #\(id) covers [2, 4) but its string has 3 UTF-16 units (and 2 later runs lie past the end too)"])
    }

    /// Runs are counted in UTF-16 units: "é🙂" is 3 units, so runs of 1 and 2 fit exactly.
    @Test(arguments: [[1, 2], [3], [1, 1]])
    func runsWithinTheStringAreQuiet(_ runs: [Int]) {
        let (w, _, _, _) = Self.attributed("\u{E9}\u{1F642}", runs: runs)
        let graph = TypedstreamInvariants.decodeChecked(w.bytes)
        #expect(graph.fullCheck().map(\.id) == ["typedstream.header.info"])
    }

    /// Only attributed strings are checked: the same values in another class mean nothing.
    @Test func otherClassesAreNotChecked() {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        w.beginObject([("MyRuns", 0), ("NSObject", 0)])
        w.types("@")
        w.nsString("ab")
        w.types("iI")
        w.int(1)
        w.int(90)
        w.endObject()
        #expect(w.decode().fullCheck().map(\.id) == ["typedstream.header.info"])
    }
}
