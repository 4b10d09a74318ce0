import ArchiveCore

/// Decodes the payload of a GNUstep typed value, `<*I5>`, `<*R1.5>`, `<*BY>` or
/// `<*D2001-01-01 00:00:00 +0000>` (GNUstep's NSPropertyList extension; CF has no such branch).
enum OpenStepGNUstepValue {
    /// The value, or a lowercase reason it is malformed. `payload` is the text between `<*` and `>`.
    static func decode(_ payload: [UInt8]) -> Result<PlistValue, Reason> {
        guard let type = payload.first else { return .failure(Reason("the type letter is missing")) }
        let body = Array(payload.dropFirst())
        let text = String(decoding: body.prefix(40), as: UTF8.self) + (body.count > 40 ? "…" : "")
        switch type {
        case UInt8(ascii: "I"):
            guard let value = Int128(String(decoding: body, as: UTF8.self)) else { return .failure(Reason("'\(text)' is not an integer")) }
            return .success(.integer(value, width: 0))
        case UInt8(ascii: "R"):
            guard !body.isEmpty, !body.contains(where: { $0 <= 0x20 }),
                  let value = Double(String(decoding: body, as: UTF8.self)) else {
                return .failure(Reason("'\(text)' is not a real number"))
            }
            return .success(.real(value, width: 0))
        case UInt8(ascii: "B"):
            if body == [UInt8(ascii: "Y")] { return .success(.bool(true)) }
            if body == [UInt8(ascii: "N")] { return .success(.bool(false)) }
            return .failure(Reason("'\(text)' is not Y or N"))
        case UInt8(ascii: "D"):
            guard let seconds = date(body) else {
                return .failure(Reason("'\(text)' is not a date of the form YYYY-MM-DD HH:MM:SS +ZZZZ"))
            }
            return .success(.date(seconds))
        default:
            let letter = String(decoding: [type], as: UTF8.self)
            return .failure(Reason("unknown type '\(letter)' (GNUstep uses I, R, B and D)"))
        }
    }

    /// Why a payload is malformed.
    struct Reason: Error, Equatable {
        let text: String
        init(_ text: String) { self.text = text }
    }

    /// A short description of a decoded value for messages: `integer 5`, `date 2001-01-01 …`.
    static func describe(_ value: PlistValue, payload: [UInt8]) -> String {
        let text = String(decoding: payload.dropFirst(), as: UTF8.self)
        switch value {
        case .integer(let v, _): return "integer \(v)"
        case .real(let v, _): return "real \(v)"
        case .bool(let v): return "bool \(v)"
        case .date(let seconds): return "date \(text) (\(seconds) s after 2001-01-01)"
        default: return value.typeName
        }
    }

    /// Seconds since 2001-01-01 00:00:00 UTC of `YYYY-MM-DD HH:MM:SS ±HHMM` (the zone is optional
    /// and then UTC), or nil. All fields are range-checked, so the arithmetic cannot overflow.
    static func date(_ b: [UInt8]) -> Double? {
        guard b.count == 19 || b.count == 25,
              let year = number(b, 0, 4), b[4] == UInt8(ascii: "-"), let month = number(b, 5, 2),
              b[7] == UInt8(ascii: "-"), let day = number(b, 8, 2), b[10] == 0x20,
              let hour = number(b, 11, 2), b[13] == UInt8(ascii: ":"), let minute = number(b, 14, 2),
              b[16] == UInt8(ascii: ":"), let second = number(b, 17, 2),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour <= 23, minute <= 59, second <= 60
        else { return nil }
        var zone = 0
        if b.count == 25 {
            guard b[19] == 0x20, b[20] == UInt8(ascii: "+") || b[20] == UInt8(ascii: "-"),
                  let zh = number(b, 21, 2), let zm = number(b, 23, 2), zh <= 23, zm <= 59
            else { return nil }
            zone = (zh * 3600 + zm * 60) * (b[20] == UInt8(ascii: "-") ? -1 : 1)
        }
        let days = daysFromCivil(year: year, month: month, day: day) - daysFromCivil(year: 2001, month: 1, day: 1)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second - zone)
    }

    /// The decimal number in `b[at..<at+width]`, or nil when a byte is not a digit.
    private static func number(_ b: [UInt8], _ at: Int, _ width: Int) -> Int? {
        guard at >= 0, width > 0, at + width <= b.count else { return nil }
        var value = 0
        for d in b[at..<(at + width)] {
            guard d >= UInt8(ascii: "0"), d <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(d - UInt8(ascii: "0"))
        }
        return value
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
