import Testing
@testable import ArchiveModel
@testable import OpenStepPlist
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveSources

/// Every cell of the coercion matrix: stored kind × decode method × implementation.
///
/// Expectation codes: `=text` exact value, `^text` value starting with text, `!Name` exception with that
/// name, `f` decode failure, `u` undocumented.
@Suite struct CoercionTableTests {
    enum Impl: String, CaseIterable, Sendable { case apple, corelibs, gnustep }

    struct Cell: Sendable, CustomTestStringConvertible {
        let stored: String
        let value: FieldValue?
        let method: DecodeMethod
        let impl: Impl
        let expect: String
        var testDescription: String { "\(stored) \(method.rawValue) \(impl.rawValue) → \(expect)" }
    }

    static let inv = "!NSInvalidUnarchiveOperationException", rng = "!NSRangeException"

    /// (name, stored value, apple, corelibs, gnustep); each list in `DecodeMethod.allCases` order:
    /// bool, int, int32, int64, integer, float, double, object, bytes.
    static let table: [(String, FieldValue?, [String], [String], [String])] = [
        ("absent", nil,
         ["=NO", "=0", "=0", "=0", "=0", "=0.0", "=0.0", "=nil", "=NULL (length 0)"],
         ["=NO", "=0", "=0", "=0", "=0", "=0.0", "=0.0", "f", "=NULL (length 0)"],
         ["=NO", "=0", "=0", "=0", "=0", "=0.0", "=0.0", "=nil", "=NULL (length 0)"]),
        ("int 5", int(5),
         ["u", "=5", "=5", "=5", "=5", inv, inv, "^NSNumber 5 (with the warning", "f"],
         ["=NO", "=5", "=5", "=5", "=5", "=5.0", "=5.0", "f", "^NULL (length 0), silently"],
         ["=YES", "=5", "=5", "=5", "=5", "=5.0", "=5.0", inv, inv]),
        ("int 1", int(1),
         ["u", "=1", "=1", "=1", "=1", inv, inv, "^NSNumber 1", "f"],
         ["=YES", "=1", "=1", "=1", "=1", "=1.0", "=1.0", "f", "^NULL"],
         ["=YES", "=1", "=1", "=1", "=1", "=1.0", "=1.0", inv, inv]),
        ("int 2 (corelibs bool → NO)", int(2),
         ["u", "=2", "=2", "=2", "=2", inv, inv, "^NSNumber 2", "f"],
         ["=NO", "=2", "=2", "=2", "=2", "=2.0", "=2.0", "f", "^NULL"],
         ["=YES", "=2", "=2", "=2", "=2", "=2.0", "=2.0", inv, inv]),
        ("Int32.max", int(Int128(Int32.max), width: 4),
         ["u", "=2147483647", "=2147483647", "=2147483647", "=2147483647", inv, inv, "^NSNumber", "f"],
         ["=NO", "=2147483647", "=2147483647", "=2147483647", "=2147483647", "=2.1474836e+09", "=2147483647.0", "f", "^NULL"],
         ["=YES", "=2147483647", "=2147483647", "=2147483647", "=2147483647", "=2.1474836e+09", "=2147483647.0", inv, inv]),
        ("Int32.max+1", int(Int128(Int32.max) + 1, width: 8),
         ["u", rng, rng, "=2147483648", "=2147483648", inv, inv, "^NSNumber", "f"],
         ["=NO", "=-2147483648", "=-2147483648", "=2147483648", "=2147483648", "=2.1474836e+09", "=2147483648.0", "f", "^NULL"],
         ["=YES", rng, rng, "=2147483648", "=2147483648", "=2.1474836e+09", "=2147483648.0", inv, inv]),
        ("2^40", int(1 << 40, width: 8),
         ["u", rng, rng, "=1099511627776", "=1099511627776", inv, inv, "^NSNumber", "f"],
         ["=NO", "=0", "=0", "=1099511627776", "=1099511627776", "=1.0995116e+12", "=1099511627776.0", "f", "^NULL"],
         ["=YES", rng, rng, "=1099511627776", "=1099511627776", "=1.0995116e+12", "=1099511627776.0", inv, inv]),
        ("Int64.min", int(Int128(Int64.min), width: 8),
         ["u", rng, rng, "=-9223372036854775808", "=-9223372036854775808", inv, inv, "^NSNumber", "f"],
         ["=NO", "=0", "=0", "=-9223372036854775808", "=-9223372036854775808", "=-9.223372e+18", "=-9.223372036854776e+18", "f", "^NULL"],
         ["=YES", rng, rng, "=-9223372036854775808", "=-9223372036854775808", "=-9.223372e+18", "=-9.223372036854776e+18", inv, inv]),
        ("UInt64.max as 16-byte int", int(Int128(UInt64.max), width: 16),
         ["u", rng, rng, rng, rng, inv, inv, "^NSNumber 18446744073709551615", "f"],
         ["=NO", "=-1", "=-1", "=-1", "=-1", "=1.8446744e+19", "=1.8446744073709552e+19", "f", "^NULL"],
         ["^YES (16-byte", "^-1 (16-byte", "^-1 (16-byte", "^-1 (16-byte", "^-1 (16-byte", "^-1.0 (16-byte", "^-1.0 (16-byte", inv, inv]),
        ("real 2.5", real(2.5),
         ["u", inv, inv, inv, inv, "=2.5", "=2.5", "^NSNumber 2.5", "f"],
         ["=NO", "=2", "=2", "=2", "=2", "=2.5", "=2.5", "f", "^NULL"],
         ["=YES", "=2", "=2", "=2", "=2", "=2.5", "=2.5", inv, inv]),
        ("real 1.0", real(1),
         ["u", inv, inv, inv, inv, "=1.0", "=1.0", "^NSNumber 1.0", "f"],
         ["=YES", "=1", "=1", "=1", "=1", "=1.0", "=1.0", "f", "^NULL"],
         ["=YES", "=1", "=1", "=1", "=1", "=1.0", "=1.0", inv, inv]),
        ("real 1e39", real(1e39),
         ["u", inv, inv, inv, inv, rng, "=1e+39", "^NSNumber 1e+39", "f"],
         ["=NO", "^undefined", "^undefined", "^undefined", "^undefined", "=inf", "=1e+39", "f", "^NULL"],
         ["=YES", "u", "u", "u", "u", "=inf", "=1e+39", inv, inv]),
        ("real NaN", real(.nan),
         ["u", inv, inv, inv, inv, "=nan", "=nan", "^NSNumber nan", "f"],
         ["=NO", "^undefined", "^undefined", "^undefined", "^undefined", "=nan", "=nan", "f", "^NULL"],
         ["=YES", "u", "u", "u", "u", "=nan", "=nan", inv, inv]),
        ("bool true", .scalar(.bool(true)),
         ["=YES", "u", "u", "u", "u", "u", "u", "^NSNumber YES", "f"],
         ["=YES", "=1", "=1", "=1", "=1", "=1.0", "=1.0", "f", "^NULL"],
         ["=YES", "=1", "=1", "=1", "=1", "=1.0", "=1.0", inv, inv]),
        ("bool false", .scalar(.bool(false)),
         ["=NO", "u", "u", "u", "u", "u", "u", "^NSNumber NO", "f"],
         ["=NO", "=0", "=0", "=0", "=0", "=0.0", "=0.0", "f", "^NULL"],
         ["=NO", "=0", "=0", "=0", "=0", "=0.0", "=0.0", inv, inv]),
        ("UID → object", .reference(.object(3)),
         ["f", "f", "f", "f", "f", "f", "f", "=object #3", "f"],
         ["^NO, silently", "^0, silently", "^0, silently", "^0, silently", "^0, silently", "^0.0, silently", "^0.0, silently", "=object #3", "^NULL"],
         [inv, inv, inv, inv, inv, inv, inv, "=object #3", inv]),
        ("UID 0", .reference(.null),
         ["f", "f", "f", "f", "f", "f", "f", "=nil", "f"],
         ["^NO", "^0", "^0", "^0", "^0", "^0.0", "^0.0", "=nil", "^NULL"],
         [inv, inv, inv, inv, inv, inv, inv, "=nil", inv]),
        ("UID → $null slot", .reference(.conditionalNull(7)),
         ["f", "f", "f", "f", "f", "f", "f", "u", "f"],
         ["^NO", "^0", "^0", "^0", "^0", "^0.0", "^0.0", "^nil", "^NULL"],
         [inv, inv, inv, inv, inv, inv, inv, "^the string \"$null\"", inv]),
        ("dangling UID", .reference(.dangling(raw: 99, reason: "out of range")),
         ["f", "f", "f", "f", "f", "f", "f", "u", "f"],
         ["^NO", "^0", "^0", "^0", "^0", "^0.0", "^0.0", "f", "^NULL"],
         [inv, inv, inv, inv, inv, inv, inv, rng, inv]),
        ("string", .scalar(.string("hi")),
         ["f", "f", "f", "f", "f", "f", "f", "^NSString \"hi\"", "f"],
         ["^NO", "^0", "^0", "^0", "^0", "^0.0", "^0.0", "f", "^NULL"],
         [inv, inv, inv, inv, inv, inv, inv, inv, inv]),
        ("data", .scalar(.data([1, 2, 3])),
         ["f", "f", "f", "f", "f", "f", "f", "^NSData 3 bytes", "=3 bytes <010203>"],
         ["^NO", "^0", "^0", "^0", "^0", "^0.0", "^0.0", "f", "=3 bytes <010203>"],
         [inv, inv, inv, inv, inv, inv, inv, inv, "=3 bytes <010203>"]),
        ("date", .scalar(.date(0)),
         ["f", "f", "f", "f", "f", "f", "f", "^NSDate 2001-01-01T00:00:00Z", "f"],
         ["^NO", "^0", "^0", "^0", "^0", "^0.0", "^0.0", "f", "^NULL"],
         [inv, inv, inv, inv, inv, inv, inv, inv, inv]),
        ("null", .scalar(.null),
         ["f", "f", "f", "f", "f", "f", "f", "u", "f"],
         ["^NO", "^0", "^0", "^0", "^0", "^0.0", "^0.0", "f", "^NULL"],
         [inv, inv, inv, inv, inv, inv, inv, inv, inv]),
        ("inline array", .list([.reference(.object(1))]),
         ["f", "f", "f", "f", "f", "f", "f", "u", "f"],
         ["^NO", "^0", "^0", "^0", "^0", "^0.0", "^0.0", "f", "^NULL"],
         [inv, inv, inv, inv, inv, inv, inv, inv, inv]),
        ("undecodable", .invalid("truncated int"),
         ["f", "f", "f", "f", "f", "f", "f", "f", "f"],
         ["f", "f", "f", "f", "f", "f", "f", "f", "f"],
         ["f", "f", "f", "f", "f", "f", "f", "f", "f"]),
    ]

    static func int(_ i: Int128, width: Int = 1) -> FieldValue { .scalar(.integer(i, width: width)) }
    static func real(_ d: Double) -> FieldValue { .scalar(.real(d, width: 8)) }

    static let cells: [Cell] = table.flatMap { name, value, apple, corelibs, gnustep in
        DecodeMethod.allCases.enumerated().flatMap { index, method in
            [Cell(stored: name, value: value, method: method, impl: .apple, expect: apple[index]),
             Cell(stored: name, value: value, method: method, impl: .corelibs, expect: corelibs[index]),
             Cell(stored: name, value: value, method: method, impl: .gnustep, expect: gnustep[index])]
        }
    }

    @Test func tableIsComplete() {
        for (name, _, a, c, g) in Self.table {
            #expect(a.count == 9 && c.count == 9 && g.count == 9, "\(name)")
        }
        #expect(Self.cells.count == Self.table.count * 27)
    }

    @Test(arguments: cells)
    func cell(_ cell: Cell) {
        let row = CoercionTable.row(cell.method, for: cell.value)
        let outcome: DecodeOutcome?
        switch cell.impl {
        case .apple: outcome = row.apple
        case .corelibs: outcome = row.corelibs
        case .gnustep: outcome = row.gnustep
        }
        guard let outcome else { Issue.record("no outcome"); return }
        #expect(Self.matches(outcome, cell.expect), "got \(outcome.text)")
    }

    static func matches(_ outcome: DecodeOutcome, _ code: String) -> Bool {
        let rest = String(code.dropFirst())
        switch (code.first, outcome) {
        case ("=", .value(let v)): return v == rest
        case ("^", .value(let v)): return v.hasPrefix(rest)
        case ("!", .exception(let name, _)): return name == rest
        case ("f", .failure): return true
        case ("u", .undocumented): return true
        default: return false
        }
    }

    @Test func matcherRejectsWrongExpectations() {
        #expect(!Self.matches(.value("1"), "=2"))
        #expect(!Self.matches(.value("1"), "f"))
        #expect(!Self.matches(.exception(name: "A", reason: ""), "!B"))
        #expect(!Self.matches(.failure("x"), "u"))
    }

    @Test func rowsFollowMethodOrder() {
        let rows = CoercionTable.rows(for: .scalar(.integer(1, width: 1)))
        #expect(rows.map(\.method) == DecodeMethod.allCases)
        #expect(rows.allSatisfy { $0.gnustep != nil })
    }
}
