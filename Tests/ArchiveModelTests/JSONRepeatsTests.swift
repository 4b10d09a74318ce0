import Foundation
import Testing
@testable import ArchiveModel
@testable import ArchiveDocuments
@testable import ArchiveOutput
import FuzzSupport

/// `--json` writes long content a file lists many times in full only within a budget, then names the
/// place holding it (`JSONRepeats`), so its size stays linear in the input.
@Suite struct JSONRepeatsTests {
    /// `n` bytes of text, in storage of its own each call (not shared with an earlier string).
    static func text(_ n: Int, _ c: Character = "t") -> String { String(repeating: String(c), count: n) }

    /// Where `r` says `text` (or its bytes as data) is held in full, when this place writes a repeat.
    static func place(_ r: inout JSONRepeats, text: String, at place: JSONRepeats.Place) -> JSONRepeats.Place? {
        r.earlierPlace(ofText: text, at: place)?.place
    }

    static func place(_ r: inout JSONRepeats, data: [UInt8], at place: JSONRepeats.Place) -> JSONRepeats.Place? {
        r.earlierPlace(ofData: data, at: place)?.place
    }

    @Test func shortContentIsAlwaysWrittenInFull() {
        var r = JSONRepeats(budget: 0)
        let short = Self.text(JSONRepeats.minimumLength - 1)
        let places = [Self.place(&r, text: short, at: .object(1)), Self.place(&r, text: short, at: .object(2)),
                      Self.place(&r, data: Array(short.utf8), at: .object(3)), Self.place(&r, data: Array(short.utf8), at: .object(4))]
        #expect(places == [nil, nil, nil, nil])
    }

    @Test func aRepeatPastTheBudgetNamesTheFirstPlace() throws {
        var r = JSONRepeats(budget: 0)
        let first = Self.place(&r, text: Self.text(64), at: .object(3))
        let again = r.earlierPlace(ofText: Self.text(64), at: .object(7))  // equal, not shared
        #expect(first == nil)
        #expect(again?.place == .object(3))
        #expect(again?.length == 64)
        let shared = Self.text(100, "s")
        let sharedFirst = Self.place(&r, text: shared, at: .top)
        let sharedAgain = Self.place(&r, text: shared, at: .object(9))  // found by its storage
        let other = Self.place(&r, text: Self.text(64, "u"), at: .object(8))
        #expect(sharedFirst == nil && sharedAgain == .top)
        #expect(other == nil, "other content is new")
    }

    @Test func theBudgetAllowsRepeatsInFullUntilSpent() {
        var r = JSONRepeats(budget: 130)
        let data = [UInt8](repeating: 7, count: 64)
        let places = (1...4).map { Self.place(&r, data: data, at: .object($0)) }
        #expect(places == [nil, nil, nil, .object(1)], "first place, then 64 and 128 of 130 bytes in full")
        #expect(r.spent == 128)
    }

    @Test func textAndDataAreKeptApart() {
        var r = JSONRepeats(budget: 0)
        let text = Self.text(80)
        let places = [Self.place(&r, text: text, at: .object(1)), Self.place(&r, data: Array(text.utf8), at: .object(2)),
                      Self.place(&r, data: Array(text.utf8), at: .object(3))]
        #expect(places == [nil, nil, .object(2)], "equal bytes as data are new content")
    }

    @Test func manyStoragesOfOneContentAreAllFound() {
        var r = JSONRepeats(budget: 0)
        var places = [Self.place(&r, text: Self.text(70), at: .object(0))]
        // More fresh copies than the recent-storage list holds, each used twice.
        for i in 1...(JSONRepeats.recentLimit * 2) {
            let copy = Self.text(70)
            places += [Self.place(&r, text: copy, at: .object(i)), Self.place(&r, text: copy, at: .object(i))]
        }
        #expect(places == [nil] + Array(repeating: .object(0), count: JSONRepeats.recentLimit * 4))
    }

    @Test func theDigestIsFNV1aOfTheContent() throws {
        var r = JSONRepeats(budget: 0)
        _ = r.earlierPlace(ofText: Self.text(64, "a"), at: .object(1))
        let again = r.earlierPlace(ofText: Self.text(64, "a"), at: .object(2))
        let found = try #require(again)
        let digest = r.digest(of: found, text: Self.text(64, "a"))
        // FNV-1a 64 of 64 × "a" (python: h=0xcbf29ce484222325; for b in b'a'*64: h=((h^b)*0x100000001b3)%2**64).
        #expect(digest == "db007849f35ebbe5")
    }

    @Test func theDefaultBudgetIsSixteenMebibytesAndFourTimesTheInput() {
        #expect(JSONRenderer.defaultRepeatBudget(inputSize: 0) == 16 << 20)
        #expect(JSONRenderer.defaultRepeatBudget(inputSize: 1_000) == (16 << 20) + 4_000)
        #expect(JSONRenderer.defaultRepeatBudget(inputSize: .max) == .max)
    }

    // MARK: - Through the renderer

    static func json(_ bytes: [UInt8], budget: Int?) throws -> (text: String, root: [String: Any]) {
        let document = ArchiveDocument.open(InputBytes(bytes), name: "repeats")
        var text = ""
        JSONRenderer(document: document, diagnostics: document.graph.fullCheck(), repeatBudget: budget).render { text += $0 }
        #expect(JSONCheck.validate(text) == nil)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return (text, root)
    }

    static func occurrences(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func dataListedManyTimesIsWrittenOnceThenNamed() throws {
        let bytes = HostileInputs.dataListedManyTimes(count: 1_000, size: 1_000)
        let (text, root) = try Self.json(bytes, budget: 0)
        #expect(Self.occurrences("\"base64\"", in: text) == 1)
        let objects = try #require(root["objects"] as? [[String: Any]])
        let fields = try #require(objects[1]["fields"] as? [String: [String: Any]])
        let items = try #require(fields["list"]?["list"] as? [[String: Any]])
        #expect(items.count == 1_000)
        #expect(items[0]["length"] as? Int == 1_000 && items[0]["base64"] is String)
        for item in items.dropFirst() {
            #expect(item["type"] as? String == "data" && item["length"] as? Int == 1_000 && item["repeatOf"] as? Int == 1)
        }
        let whole = try Self.json(bytes, budget: nil).text
        #expect(Self.occurrences("\"base64\"", in: whole) == 1_000, "the default budget writes a small file's values in full")
        #expect(!whole.contains("\"repeatOf\""))
    }

    @Test func aLongClassNameIsWrittenOnceThenNamed() throws {
        let bytes = HostileInputs.longClassNameForManyObjects(count: 50, length: 100)
        let (_, root) = try Self.json(bytes, budget: 0)
        let objects = try #require(root["objects"] as? [[String: Any]])
        let name = String(repeating: "C", count: 100)
        #expect(objects[1]["class"] as? String == name)
        let member = objects[2]
        let repeated = try #require(member["class"] as? [String: Any])
        #expect(repeated["repeatOf"] as? Int == 1 && repeated["length"] as? Int == 100)
        let chain = try #require(member["classes"] as? [Any])
        #expect((chain.first as? [String: Any])?["repeatOf"] as? Int == 1 && chain.last as? String == "NSObject")
    }

    @Test func aLongKeyIsWrittenOnceThenCutAndHashed() throws {
        let bytes = HostileInputs.longKeyForManyObjects(count: 20, length: 200)
        let (_, root) = try Self.json(bytes, budget: 0)
        let objects = try #require(root["objects"] as? [[String: Any]])
        let key = String(repeating: "k", count: 200)
        #expect((objects[2]["fields"] as? [String: Any])?.keys.sorted() == [key])
        let marker = String(repeating: "k", count: 32) + "…[repeat: 200 bytes in full in object 2, FNV-1a "
        for member in objects[3...21] {
            let keys = try #require((member["fields"] as? [String: [String: Any]])?.keys)
            #expect(keys.count == 1 && keys.allSatisfy { $0.hasPrefix(marker) && $0.hasSuffix("]") }, "\(keys)")
            #expect((member["fields"] as? [String: [String: Any]])?.values.first?["value"] as? Int == 1)
        }
    }

    @Test func aLongKeyRepeatedInOneDictionaryIsWrittenOnce() throws {
        let bytes = HostileInputs.dictionaryKeyedByOneLongString(entries: 100, length: 100)
        for budget in [0, nil] {
            let (_, root) = try Self.json(bytes, budget: budget)
            let objects = try #require(root["objects"] as? [[String: Any]])
            let entries = objects.compactMap { ($0["fields"] as? [String: Any])?.count }
            #expect(entries.max() == 1, "budget \(String(describing: budget)): \(entries)")
        }
    }

    /// The last field of each key is the one written: a few keys compared pairwise, many through sets,
    /// long keys by their content index; both ways give the same answer.
    @Test func theLastFieldOfEachKeyIsKeptWhateverTheCount() {
        #expect(JSONEmitter.lastOfEachKey(["a", "b", "a", "c", "b"], []) == [false, false, true, true, true])
        #expect(JSONEmitter.lastOfEachKey(["only"], []) == [true])
        #expect(JSONEmitter.lastOfEachKey([], []) == [])
        // Code units, not canonical equivalence: "é" precomposed and decomposed are two keys.
        #expect(JSONEmitter.lastOfEachKey(["\u{E9}", "e\u{301}"], []) == [true, true])
        let many = (0..<40).map { "k\($0 % 25)" }
        let expected = (0..<40).map { $0 >= 15 }
        #expect(JSONEmitter.lastOfEachKey(many, []) == expected)
        #expect(JSONEmitter.lastOfEachKey(Array(many.prefix(16)), []) == Array(repeating: true, count: 16))
        var repeats = JSONRepeats(budget: 0)
        let long = [Self.text(70), "x", Self.text(70), Self.text(70, "u")]
        let found = long.map { repeats.find(text: $0, at: .object(1)) }
        #expect(JSONEmitter.lastOfEachKey(long, found) == [false, true, true, true])
        let longMany = long + (0..<20).map { "s\($0)" }
        let foundMany = longMany.map { repeats.find(text: $0, at: .object(2)) }
        #expect(JSONEmitter.lastOfEachKey(longMany, foundMany) == [false] + Array(repeating: true, count: 23))
    }

    /// The test that lets most objects skip `lastOfEachKey` says "distinct" exactly when it would keep
    /// every field: short keys by their code units, long ones by their content index, and never for
    /// more than 16 keys (which `lastOfEachKey` then decides).
    @Test func keysAreDistinctExactlyWhenEveryFieldIsKept() {
        let fields = { (keys: [String]) in keys.map { Field(key: $0, value: .reference(.null)) } }
        for keys in [["a", "b", "a"], ["a", "b", "c"], ["only"], [], ["\u{E9}", "e\u{301}"], ["x", "x"]] {
            #expect(JSONEmitter.keysAreDistinct(fields(keys), []) == !JSONEmitter.lastOfEachKey(keys, []).contains(false), "\(keys)")
        }
        #expect(!JSONEmitter.keysAreDistinct(fields((0..<17).map { "k\($0)" }), []))
        var repeats = JSONRepeats(budget: 0)
        let long = [Self.text(70), "x", Self.text(70, "u")]
        let found = long.map { repeats.find(text: $0, at: .object(1)) }
        #expect(JSONEmitter.keysAreDistinct(fields(long), found))
        let repeated = long + [Self.text(70)]
        let foundRepeated = repeated.map { repeats.find(text: $0, at: .object(2)) }
        #expect(!JSONEmitter.keysAreDistinct(fields(repeated), foundRepeated))
    }
}
