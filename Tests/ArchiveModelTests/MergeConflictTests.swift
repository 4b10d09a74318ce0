import Foundation
import Testing
@testable import ArchiveModel
@testable import BinaryPlist
@testable import Typedstream
@testable import ArchiveDocuments
@testable import ArchiveRecovery
import TestSupport

/// `damage.merge-conflict` (issue 42 item 5): a text plist committed with git's conflict markers is
/// named with both sides' line ranges, `--side` keeps one side, and a valid plist whose strings hold
/// marker-like text never gets it.
struct MergeConflictTests {
    static let head = SalvageFixture.xmlHead, tail = SalvageFixture.xmlTail, ours = SalvageFixture.ours, theirs = SalvageFixture.theirs
    static let conflicted = SalvageFixture.conflicted, diff3 = SalvageFixture.diff3

    static func check(_ text: String) -> [Diagnostic] {
        DocumentCheck.fullCheck(of: ArchiveDocument.open(InputBytes(Array(text.utf8)), name: "f").graph)
    }

    static func bytes(_ input: InputBytes) -> [UInt8] { Array(input.buffer.bindMemory(to: UInt8.self)) }

    @Test func aConflictedXMLPlistIsNamedWithBothSidesAndTheirLines() throws {
        let diagnostics = Self.check(Self.conflicted)
        let conflict = try #require(diagnostics.first { $0.id == "damage.merge-conflict" })
        #expect(diagnostics.contains { $0.severity == .error && !$0.id.hasPrefix("damage.") })
        #expect(conflict.message.contains("an unresolved git merge conflict"))
        #expect(conflict.message.contains("lines 6–12 (ours (\"HEAD\") line 7, theirs (\"feature\") lines 9–11)"), "\(conflict.message)")
        #expect(conflict.position == TextPosition(line: 6, column: 1))
        let start = Self.head.utf8.count
        #expect(conflict.range == ByteRange(start: start, count: "<<<<<<< HEAD\n".utf8.count))
        #expect(conflict.notes.map(\.message) == ["ours (\"HEAD\"): line 7", "theirs (\"feature\"): lines 9–11"])
        let oursStart = start + "<<<<<<< HEAD\n".utf8.count
        #expect(conflict.notes.first?.range == ByteRange(start: oursStart, count: Self.ours.utf8.count))
        #expect(conflict.notes.last?.range?.count == Self.theirs.utf8.count)
    }

    @Test func diff3StyleNamesTheCommonAncestorToo() throws {
        let conflict = try #require(Self.check(Self.diff3).first { $0.id == "damage.merge-conflict" })
        #expect(conflict.notes.map(\.message) == ["ours (\"HEAD\"): line 7", "the common ancestor (diff3 style): line 9",
                                                  "theirs (\"feature\"): lines 11–13"])
        #expect(conflict.message.contains("lines 6–14"))
    }

    @Test func anOpenStepPlistWithTwoConflictsCountsThem() throws {
        let text = "{\n<<<<<<< HEAD\n    a = 1;\n=======\n    a = 2;\n>>>>>>> topic\n    b = x;\n<<<<<<< HEAD\n=======\n    c = 3;\n>>>>>>> topic\n}\n"
        let conflict = try #require(Self.check(text).first { $0.id == "damage.merge-conflict" })
        #expect(conflict.message.hasPrefix("2 unresolved git merge conflicts"))
        #expect(conflict.notes.map(\.message).contains("conflict 2: ours (\"HEAD\"): no lines (after line 8)"))
        #expect(conflict.notes.map(\.message).contains("conflict 2: theirs (\"topic\"): line 10"))
    }

    @Test func eachSideIsKeptByteForByte() throws {
        let conflicts = try #require(Self.conflicted.utf8.withContiguousStorageIfAvailable { MergeConflicts.find(UnsafeRawBufferPointer($0)) } ?? nil)
        #expect(conflicts.blockCount == 1)
        let bytes = Array(Self.conflicted.utf8)
        let ours = bytes.withUnsafeBytes { conflicts.resolved($0, keeping: .ours) }
        let theirs = bytes.withUnsafeBytes { conflicts.resolved($0, keeping: .theirs) }
        #expect(ours == Array((Self.head + Self.ours + Self.tail).utf8))
        #expect(theirs == Array((Self.head + Self.theirs + Self.tail).utf8))
        #expect(Self.check(Self.head + Self.ours + Self.tail).isEmpty)
    }

    @Test func crlfLinesAreResolvedWithTheirLineEnds() throws {
        let crlf = Self.diff3.replacingOccurrences(of: "\n", with: "\r\n")
        let conflicts = try #require(MergeConflicts.find(InputBytes(Array(crlf.utf8))))
        #expect(conflicts.blocks.first?.base?.lineText == "line 9")
        let kept = Array(crlf.utf8).withUnsafeBytes { conflicts.resolved($0, keeping: .theirs) }
        #expect(kept == Array((Self.head + Self.theirs + Self.tail).replacingOccurrences(of: "\n", with: "\r\n").utf8))
    }

    @Test func repairKeepsTheChosenSideAndAsksForOneOtherwise() throws {
        let input = InputBytes(Array(Self.conflicted.utf8))
        let asked = ArchiveRepair.repair(input)
        #expect(asked.steps.isEmpty)
        #expect(asked.notUndone.contains { $0.contains("1 unresolved git merge conflict, at lines 6–12") && $0.contains("--side ours or --side theirs") })
        let theirs = ArchiveRepair.repair(input, limits: ArchiveRepair.Limits(side: .theirs))
        let step = try #require(theirs.steps.first)
        #expect(step.mechanism == .mergeConflict)
        #expect(step.side == .theirs)
        #expect(step.summary.contains("kept theirs (\"feature\") of 1 unresolved git merge conflict: lines 9–11 kept"))
        #expect(Self.bytes(theirs.bytes) == Array((Self.head + Self.theirs + Self.tail).utf8))
        #expect(theirs.notUndone.isEmpty)
    }

    @Test func aSideGivenForAFileWithoutConflictsIsSaid() {
        let clean = InputBytes(Array((Self.head + Self.ours + Self.tail).utf8))
        let result = ArchiveRepair.repair(clean, limits: ArchiveRepair.Limits(side: .ours))
        #expect(result.steps.isEmpty)
        #expect(result.notUndone == ["--side ours was given, but the file holds no unresolved git merge conflict"])
    }

    @Test func aConflictAroundTheFirstLineIsNamedAndResolved() throws {
        let one = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><string>a</string></plist>\n"
        let other = one.replacingOccurrences(of: ">a<", with: ">b<")
        let text = "<<<<<<< HEAD\n" + one + "=======\n" + other + ">>>>>>> other\n"
        let conflict = try #require(Self.check(text).first { $0.id == "damage.merge-conflict" })
        #expect(conflict.message.contains("lines 1–7 (ours (\"HEAD\") lines 2–3, theirs (\"other\") lines 5–6)"))
        let result = ArchiveRepair.repair(InputBytes(Array(text.utf8)), limits: ArchiveRepair.Limits(side: .ours))
        #expect(Self.bytes(result.bytes) == Array(one.utf8))
    }

    /// Hostile: more blocks than are kept. They are counted, the first `blockLimit` kept, and no side is
    /// written (the result would still hold conflicts).
    @Test func blocksBeyondTheLimitAreCountedAndNotResolved() throws {
        let block = "<<<<<<< a\nx\n=======\ny\n>>>>>>> b\n"
        let text = Self.head + String(repeating: block, count: MergeConflicts.blockLimit + 5) + Self.tail
        let conflicts = try #require(MergeConflicts.find(InputBytes(Array(text.utf8))))
        #expect(conflicts.blockCount == MergeConflicts.blockLimit + 5)
        #expect(conflicts.blocks.count == MergeConflicts.blockLimit)
        #expect(Array(text.utf8).withUnsafeBytes { conflicts.resolved($0, keeping: .ours) } == nil)
        let conflict = try #require(Self.check(text).first { $0.id == "damage.merge-conflict" })
        #expect(conflict.message.hasPrefix("\(MergeConflicts.blockLimit + 5) unresolved git merge conflicts, the first at lines 6–10"))
        #expect(conflict.notes.count == MergeConflictEvidence.notedBlocks * 2 + 1)
        #expect(conflict.notes.last?.message == "\(MergeConflicts.blockLimit + 5 - MergeConflictEvidence.notedBlocks) more conflicts not listed")
        let repaired = ArchiveRepair.repair(InputBytes(Array(text.utf8)), limits: ArchiveRepair.Limits(side: .theirs))
        #expect(repaired.steps.isEmpty)
        #expect(repaired.notUndone.contains { $0.contains("more than the \(MergeConflicts.blockLimit) a repair resolves") })
    }

    // MARK: negatives: a valid file never gets it

    /// Valid plists whose strings hold marker-like text: at a line's start inside a string, or inside a line.
    static let validLookalikes: [String] = [
        head + "\t<string>a\n=======\nb</string>\n" + tail,
        head + "\t<string>x &lt;&lt;&lt;&lt;&lt;&lt;&lt; HEAD</string>\n" + tail,
        head + "\t<string>&lt;&lt;&lt;&lt;&lt;&lt;&lt; HEAD\n=======\n&gt;&gt;&gt;&gt;&gt;&gt;&gt; b</string>\n" + tail,
        "{\n    a = \"<<<<<<< HEAD\n=======\n>>>>>>> feature\n\";\n}\n",
        "{ text = \"x <<<<<<< y ======= z >>>>>>> w\"; }\n",
    ]

    @Test(arguments: validLookalikes)
    func aValidPlistWithMarkerLikeTextGetsNone(_ text: String) {
        let diagnostics = Self.check(text)
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        #expect(!diagnostics.contains { $0.id == "damage.merge-conflict" })
    }

    /// Damaged plists that hold markers but no complete block in git's order get no merge-conflict cause.
    static let incompleteBlocks: [String] = [
        head + "<<<<<<< HEAD\n" + ours + tail,
        head + ours + "=======\n" + theirs + ">>>>>>> feature\n" + tail,
        head + "\t<string>a <<<<<<< HEAD</string>\n=======\n>>>>>>> x\n" + tail,
        head + "<<<<<<<HEAD\n" + ours + "=======\n" + theirs + ">>>>>>> feature\n" + tail,
        head + "<<<<<<< HEAD\n" + ours + ">>>>>>> feature\n" + "=======\n" + theirs + tail,
    ]

    @Test(arguments: incompleteBlocks)
    func markersOutOfGitsOrderAreNoConflict(_ text: String) {
        let diagnostics = Self.check(text)
        #expect(diagnostics.contains { $0.severity == .error })
        #expect(!diagnostics.contains { $0.id == "damage.merge-conflict" })
    }
}
