import ArchiveCore

/// Parses `<date>` text: `[-]YYYY-MM-DDTHH:MM:SSZ` as CF requires (CF `parseDateTag`), and the
/// truncated forms the DTD and Python's plistlib accept (`YYYYZ`, `YYYY-MMZ`, … `YYYY-MM-DDTHH:MMZ`).
/// The value is seconds since 2001-01-01T00:00:00Z in the proleptic Gregorian calendar (astronomical
/// year numbering, so a leading `-` gives year -N), computed without Foundation.
enum XMLDateParser {
    struct Result: Equatable, Sendable {
        /// Seconds since the 2001 reference date.
        var seconds: Double
        /// The components that were present; fewer than 6 means a truncated form.
        var fieldCount: Int
        /// Names of fields outside their calendar range (month 13, day 31 in April, hour 24, …).
        var outOfRange: [String]
    }

    /// Why the text is not a date.
    struct Failure: Equatable, Error, Sendable {
        /// Index of the offending byte (the text length when it ended too early).
        var index: Int
        /// What was expected there.
        var expected: String
    }

    private static let fields: [(separator: UInt8, name: String)] = [
        (UInt8(ascii: "-"), "month"), (UInt8(ascii: "-"), "day"), (UInt8(ascii: "T"), "hour"),
        (UInt8(ascii: ":"), "minute"), (UInt8(ascii: ":"), "second"),
    ]

    static func parse(_ s: UnsafeRawBufferPointer) -> Swift.Result<Result, Failure> {
        var i = 0
        let negative = s.count > 0 && s[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var year: Int64 = 0
        let yearStart = i
        while i < s.count, let d = digit(s[i]) {
            guard i - yearStart < 9 else { return .failure(Failure(index: i, expected: "at most 9 year digits")) }
            year = year * 10 + d
            i += 1
        }
        if i == yearStart { return .failure(Failure(index: i, expected: "year digits")) }
        var values: [Int64] = [negative ? -year : year, 1, 1, 0, 0, 0]
        var count = 1
        for (k, field) in fields.enumerated() {
            if i < s.count, s[i] == UInt8(ascii: "Z") { break }
            guard i < s.count, s[i] == field.separator else {
                return .failure(Failure(index: i, expected: "\"\(Character(Unicode.Scalar(field.separator)))\" or \"Z\""))
            }
            guard i + 2 < s.count, let d1 = digit(s[i + 1]), let d2 = digit(s[i + 2]) else {
                return .failure(Failure(index: Swift.min(i + 1, s.count), expected: "two-digit \(field.name)"))
            }
            values[k + 1] = d1 * 10 + d2
            count += 1
            i += 3
        }
        guard i < s.count, s[i] == UInt8(ascii: "Z") else { return .failure(Failure(index: i, expected: "\"Z\"")) }
        guard i + 1 == s.count else { return .failure(Failure(index: i + 1, expected: "the end of the date after \"Z\"")) }
        let seconds = secondsSince2001(year: values[0], month: values[1], day: values[2],
                                       hour: values[3], minute: values[4], second: values[5])
        return .success(Result(seconds: Double(seconds), fieldCount: count, outOfRange: rangeProblems(values)))
    }

    /// Names of fields outside their usual range.
    private static func rangeProblems(_ v: [Int64]) -> [String] {
        var bad: [String] = []
        if v[1] < 1 || v[1] > 12 { bad.append("month \(v[1])") }
        let monthLength = (1...12).contains(v[1]) ? daysInMonth(year: v[0], month: v[1]) : 31
        if v[2] < 1 || v[2] > monthLength { bad.append("day \(v[2])") }
        if v[3] > 23 { bad.append("hour \(v[3])") }
        if v[4] > 59 { bad.append("minute \(v[4])") }
        if v[5] > 59 { bad.append("second \(v[5])") }
        return bad
    }

    /// Seconds from 2001-01-01T00:00:00Z; out-of-range fields carry over (month 13 is January of the
    /// next year, day 32 of January is February 1, and so on). Years are limited to 9 digits, so
    /// nothing here can overflow Int64.
    static func secondsSince2001(year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64) -> Int64 {
        let monthIndex = month - 1
        let y = year + floorDiv(monthIndex, 12)
        let m = monthIndex - floorDiv(monthIndex, 12) * 12 + 1
        let days = daysFromCivil(year: y, month: m, day: 1) + (day - 1) - daysFromCivil(year: 2001, month: 1, day: 1)
        return days * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDiv(y, 400)
        let yearOfEra = y - era * 400
        let monthFromMarch = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isLeap(_ year: Int64) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    @inline(__always)
    private static func digit(_ b: UInt8) -> Int64? { b >= 0x30 && b <= 0x39 ? Int64(b - 0x30) : nil }
}
