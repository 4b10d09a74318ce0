import Testing
@testable import ArchiveModel
@testable import XMLPlist
@testable import OpenStepPlist
@testable import KeyedArchive

/// The scalar parsers on their own: integers, reals, dates and base64, as CF reads them.
@Suite struct XMLPlistScalarTests {
    static func bytes<R>(_ text: String, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        Array(text.utf8).withUnsafeBytes(body)
    }

    static func date(_ text: String) -> Result<XMLDateParser.Result, XMLDateParser.Failure> {
        bytes(text) { XMLDateParser.parse($0) }
    }

    static let integers: [(String, Int128)] = [
        ("0", 0), ("42", 42), ("+7", 7), ("-7", -7), ("  \t\n12", 12), ("- 5", -5), ("007", 7),
        ("0x1F", 31), ("0X1f", 31), ("-0x10", -16), ("0x0", 0),
        ("9223372036854775807", 9_223_372_036_854_775_807), ("-9223372036854775808", -9_223_372_036_854_775_808),
        ("18446744073709551615", 18_446_744_073_709_551_615), ("0xFFFFFFFFFFFFFFFF", 18_446_744_073_709_551_615),
        ("\u{2003}9", 9), ("\u{3000}\u{7F}3", 3),
    ]

    @Test(arguments: integers)
    func integerValues(text: String, value: Int128) {
        let result = Self.bytes(text) { XMLNumberParser.parseInteger($0) }
        #expect(result == .init(value: value, problem: nil))
    }

    static let badIntegers: [(String, XMLNumberParser.IntegerProblem)] = [
        ("", .empty), ("  ", .empty), ("-", .incomplete), ("0x", .incomplete), ("+ ", .incomplete),
        ("12a", .hexDigitInDecimal(index: 2)), ("1 2", .unexpected(index: 2)), ("x1", .unexpected(index: 0)),
        ("1.0", .unexpected(index: 1)), ("12 ", .trailingWhitespace(index: 2)),
        ("18446744073709551616", .overflow(negative: false)), ("-9223372036854775809", .overflow(negative: true)),
        ("0x10000000000000000", .overflow(negative: false)),
        // CF's whitespace test looks at single bytes: U+00A0 in UTF-8 (C2 A0) is not whitespace to it.
        ("\u{A0}5", .unexpected(index: 0)),
    ]

    @Test(arguments: badIntegers)
    func integerProblems(text: String, problem: XMLNumberParser.IntegerProblem) {
        let result = Self.bytes(text) { XMLNumberParser.parseInteger($0) }
        #expect(result.problem == problem)
        // Trailing whitespace is the one problem that keeps the value.
        #expect((result.value != nil) == (problem == .trailingWhitespace(index: 2)))
    }

    static let reals: [(String, Double)] = [
        ("1.5", 1.5), ("-2e3", -2000), (".5", 0.5), ("5.", 5), ("1E-2", 0.01), (" 3.25\n", 3.25), ("+0", 0),
        ("inf", .infinity), ("+INF", .infinity), ("-Inf", -.infinity), ("Infinity", .infinity),
        ("+infinity", .infinity), ("-INFINITY", -.infinity), ("1e999", .infinity),
    ]

    @Test(arguments: reals)
    func realValues(text: String, value: Double) {
        let result = Self.bytes(text) { XMLNumberParser.parseReal($0) }
        #expect(result == .init(value: value, problem: nil))
    }

    @Test func realNaN() {
        let result = Self.bytes("NaN") { XMLNumberParser.parseReal($0) }
        #expect(result.value?.isNaN == true)
    }

    static let badReals: [(String, XMLNumberParser.RealProblem)] = [
        ("", .empty), (" ", .empty), ("1.2.3", .unexpected(index: 3)), ("e5", .unexpected(index: 0)),
        ("1e", .unexpected(index: 1)), ("0x1p3", .unexpected(index: 1)), ("nanx", .unexpected(index: 0)),
        ("1,5", .unexpected(index: 1)), ("--1", .unexpected(index: 1)),
    ]

    @Test(arguments: badReals)
    func realProblems(text: String, problem: XMLNumberParser.RealProblem) {
        let result = Self.bytes(text) { XMLNumberParser.parseReal($0) }
        #expect(result == .init(value: nil, problem: problem))
    }

    /// Seconds since 2001-01-01T00:00:00Z, checked against Python's `datetime`.
    static let dates: [(String, Double, Int)] = [
        ("2001-01-01T00:00:00Z", 0, 6), ("1970-01-01T00:00:00Z", -978_307_200, 6),
        ("2024-02-29T12:34:56Z", 730_902_896, 6), ("1600-03-01T00:00:00Z", -12_649_219_200, 6),
        ("2000-12-31T23:59:59Z", -1, 6), ("2038-01-19T03:14:07Z", 1_169_176_447, 6),
        ("0000-01-01T00:00:00Z", -63_145_526_400, 6), ("-0001-01-01T00:00:00Z", -63_177_062_400, 6),
        ("2020Z", 599_529_600, 1), ("2020-05Z", 609_984_000, 2), ("2020-05-01T00Z", 609_984_000, 4),
        ("12001-01-01T00:00:00Z", 315_569_520_000, 6),
    ]

    @Test(arguments: dates)
    func dateValues(text: String, seconds: Double, fields: Int) throws {
        let result = try Self.date(text).get()
        #expect(result == .init(seconds: seconds, fieldCount: fields, outOfRange: []))
    }

    @Test func outOfRangeDateFieldsCarryOver() throws {
        let result = try Self.date("2021-02-29T24:00:60Z").get()
        // 2021-03-01 + 24 h + 60 s.
        #expect(result.seconds == 636_249_600 + 86_400 + 60)
        #expect(result.outOfRange == ["day 29", "hour 24", "second 60"])
        let month13 = try Self.date("2020-13-01T00:00:00Z").get()
        #expect(month13.seconds == 631_152_000)
    }

    static let badDates: [(String, Int)] = [
        ("", 0), ("Z", 0), ("2020", 4), ("2020-1-01T00:00:00Z", 5), ("2020-01-01 00:00:00Z", 10),
        ("2020-01-01T00:00:00", 19), ("2020-01-01T00:00:00Z ", 20), (" 2020-01-01T00:00:00Z", 0),
        ("2020-01-01T00:00:00.5Z", 19), ("1234567890-01-01T00:00:00Z", 9),
    ]

    @Test(arguments: badDates)
    func dateFailures(text: String, index: Int) {
        let result = Self.bytes(text) { XMLDateParser.parse($0) }
        guard case .failure(let failure) = result else {
            Issue.record("\(text) parsed")
            return
        }
        #expect(failure.index == index)
    }

    static let base64: [(String, [UInt8], Int, Int, Int)] = [
        ("", [], 0, 0, 0), ("AAEC", [0, 1, 2], 0, 0, 0), ("SGVsbG8=", Array("Hello".utf8), 0, 0, 0),
        ("SGVs\n\t bG8=\n", Array("Hello".utf8), 0, 0, 0), ("AA==", [0], 0, 0, 0), ("AAA=", [0, 0], 0, 0, 0),
        ("AA.EC", [0, 1, 2], 0, 1, 0), ("AAECA", [0, 1, 2], 0, 0, 1), ("AA\u{E9}EC", [0, 1, 2], 2, 0, 0),
        ("AA-_EC", [0, 1, 2], 0, 2, 0),
    ]

    @Test(arguments: base64)
    func base64Decoding(text: String, bytes: [UInt8], invalid: Int, ignored: Int, leftover: Int) {
        let result = Self.bytes(text) { XMLBase64Decoder.decode($0) }
        #expect(result.bytes == bytes)
        #expect(result.invalidCount == invalid)
        #expect(result.ignoredCount == ignored)
        #expect(result.leftoverDigits == leftover)
    }

    @Test func characterReferences() {
        func scalar(_ s: String) -> UInt32? { Self.bytes(s) { XMLTextDecoder.characterReference($0)?.value } }
        #expect(scalar("#65") == 65)
        #expect(scalar("#x1F600") == 0x1F600)
        #expect(scalar("#0") == 0)
        #expect(scalar("#xD800") == nil)
        #expect(scalar("#x110000") == nil)
        #expect(scalar("#X41") == nil)
        #expect(scalar("#") == nil)
        #expect(scalar("#x") == nil)
        #expect(scalar("#99999999999") == nil)
    }
}
