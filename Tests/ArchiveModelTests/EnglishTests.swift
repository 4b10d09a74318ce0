import Testing
@testable import ArchiveModel

struct EnglishTests {
    @Test(arguments: [
        ("integer", "an integer"), ("invalid marker", "an invalid marker"), ("XML plist", "an XML plist"),
        ("UID", "a UID"), ("UTF-16 string", "a UTF-16 string"), ("NSArray", "an NSArray"), ("string", "a string"),
        ("8-byte integer", "an 8-byte integer"), ("16-bit integer", "a 16-bit integer"), ("object", "an object"),
        ("unknown marker", "an unknown marker"), ("user key", "a user key"), ("bplist00 file", "a bplist00 file"),
        ("SQLite database", "an SQLite database"), ("$null string", "a $null string"), ("hour", "an hour"),
        ("URL", "a URL"), ("usable value", "a usable value"), ("NULL pointer", "a NULL pointer"), ("NUL byte", "a NUL byte"), ("one-byte count", "a one-byte count"), ("11-byte header", "an 11-byte header"),
    ])
    func article(_ noun: String, _ expected: String) {
        #expect(English.article(noun) == expected)
    }

    @Test func counts() {
        #expect(English.count(1, "object") == "1 object")
        #expect(English.count(0, "object") == "0 objects")
        #expect(English.count(2, "entry", plural: "entries") == "2 entries")
        #expect(English.noun(1, "byte") == "byte")
    }
}
