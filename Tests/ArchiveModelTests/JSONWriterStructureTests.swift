import Foundation
import Testing
import ArchiveModel

/// `JSONWriter`'s structure API (`beginObject`, `field`, `beginArray`, `element`, …) writes the commas
/// itself: each container's first member has none, every later one has one, at any depth.
@Suite struct JSONWriterStructureTests {
    /// The writer's text, parsed by Foundation (fragments allowed, so a lone value parses too).
    static func parsed(_ w: JSONWriter) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(w.text.utf8), options: [.fragmentsAllowed])
    }

    @Test func nestedObjectsAndArraysGetACommaBetweenMembersOnly() throws {
        var w = JSONWriter()
        w.beginObject()
        w.field("a"); w.int(1)
        w.field("list"); w.beginArray()
        for i in 0..<3 { w.element(); w.int(i) }
        w.element(); w.beginObject(); w.field("x"); w.string("y"); w.field("z"); w.null(); w.endObject()
        w.element(); w.beginArray(); w.element(); w.bool(true); w.element(); w.bool(false); w.endArray()
        w.endArray()
        w.field("b"); w.string("q\"uote")
        w.endObject()
        #expect(w.text == #"{"a":1,"list":[0,1,2,{"x":"y","z":null},[true,false]],"b":"q\"uote"}"#)
        let object = try #require(try Self.parsed(w) as? [String: Any])
        #expect(object["a"] as? Int == 1)
        #expect((object["list"] as? [Any])?.count == 5)
        #expect(object["b"] as? String == "q\"uote")
    }

    @Test func emptyContainersHoldNothing() throws {
        var w = JSONWriter()
        w.beginArray()
        w.element(); w.beginObject(); w.endObject()
        w.element(); w.beginArray(); w.endArray()
        w.element(); w.beginObject(); w.field("e"); w.beginArray(); w.endArray(); w.endObject()
        w.endArray()
        #expect(w.text == #"[{},[],{"e":[]}]"#)
        let array = try #require(try Self.parsed(w) as? [Any])
        #expect(array.count == 3)
    }

    /// After a nested container closes, the next member of the one around it gets its comma, and the
    /// container that closed leaves no trace in the flags.
    @Test func aKeyAfterANestedContainerGetsItsComma() throws {
        var w = JSONWriter()
        w.beginObject()
        w.field("inner"); w.beginObject(); w.field("k"); w.int(1); w.endObject()
        w.field("after"); w.beginArray(); w.endArray()
        w.field("last"); w.int(-2)
        w.endObject()
        #expect(w.text == #"{"inner":{"k":1},"after":[],"last":-2}"#)
        let object = try #require(try Self.parsed(w) as? [String: Any])
        #expect(object["last"] as? Int == -2)
        #expect((object["inner"] as? [String: Any])?["k"] as? Int == 1)
    }

    /// Deeper than the 64 levels the writer keeps in one word: the flags of outer levels come back
    /// when the inner ones close, so each level's commas are right.
    @Test func containersDeeperThanSixtyFourLevelsKeepTheirCommas() throws {
        let depth = 150
        var w = JSONWriter()
        var expected = ""
        for level in 0..<depth {
            w.beginArray(); w.element(); w.int(level)
            expected += "[\(level)"
            w.element()
            expected += ","
        }
        w.null()
        expected += "null"
        for level in (0..<depth).reversed() {
            w.element(); w.string("after \(level)")
            w.endArray()
            expected += ",\"after \(level)\"]"
        }
        #expect(w.text == expected)
        var value: Any? = try Self.parsed(w)
        for level in 0..<depth {
            let array = try #require(value as? [Any])
            #expect(array.count == 3)
            #expect(array[0] as? Int == level)
            #expect(array[2] as? String == "after \(level)")
            value = array[1]
        }
        #expect(value is NSNull)
    }

    /// Text taken with `flush()` and written on: the open containers stay open.
    @Test func flushingKeepsTheOpenContainers() throws {
        var w = JSONWriter()
        w.beginObject(); w.field("a"); w.beginArray(); w.element(); w.int(1)
        var text = w.flush()
        w.element(); w.int(2); w.endArray(); w.field("b"); w.bool(true); w.endObject()
        text += w.flush()
        #expect(text == #"{"a":[1,2],"b":true}"#)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect((object["a"] as? [Int]) == [1, 2])
    }

    /// A key is escaped as any string is.
    @Test func aFieldsKeyIsEscaped() throws {
        var w = JSONWriter()
        w.beginObject(); w.field("a\"b\n\u{1B}"); w.int(1); w.field(""); w.int(2); w.endObject()
        #expect(w.text == #"{"a\"b\n\u001b":1,"":2}"#)
        let object = try #require(try Self.parsed(w) as? [String: Int])
        #expect(object == ["a\"b\n\u{1B}": 1, "": 2])
    }

    /// A string is escaped byte by byte: controls (C0, DEL, C1) and invisible formats as `\uXXXX`, past
    /// U+FFFF as a surrogate pair; every other scalar, of any length, as its UTF-8.
    @Test func aStringsScalarsAreEscapedByTheirCodePoints() throws {
        let text = "\u{7F}\t\r\u{9F}\u{A0}\u{FEFF}\u{E0001}x\u{1F600}\u{E9}"
        var w = JSONWriter()
        w.string(text)
        #expect(w.text == "\"\\u007f\\t\\r\\u009f\u{A0}\\ufeff\\udb40\\udc01x\u{1F600}\u{E9}\"")
        #expect(try Self.parsed(w) as? String == text)
    }

    /// A key quoted once (`JSONKey`) writes what `field(_:)` writes for the same name, escapes included.
    @Test(arguments: ["id", "", "a\"b\n\u{1B}", "caf\u{E9} \u{1F600}", "back\\slash"])
    func aKeyQuotedOnceIsWrittenAsFieldWritesIt(name: String) {
        var byName = JSONWriter(), byKey = JSONWriter()
        let key = JSONKey(name)
        byName.beginObject(); byName.field(name); byName.int(1); byName.field(name); byName.null(); byName.endObject()
        byKey.beginObject(); byKey.field(key); byKey.int(1); byKey.field(key); byKey.null(); byKey.endObject()
        #expect(byKey.text == byName.text)
    }
}
