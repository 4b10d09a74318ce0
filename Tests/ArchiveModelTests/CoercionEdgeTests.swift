import Testing
@testable import ArchiveModel
@testable import BinaryPlist
@testable import Typedstream
@testable import ArchivePresentation

/// Exact messages for the edge values users hit in practice.
@Suite struct CoercionEdgeTests {
    @Test func int32OverflowNamesTheWidth() {
        let row = CoercionTable.row(.decodeInt32, for: .scalar(.integer(1 << 40, width: 8)))
        #expect(row.apple == .exception(name: "NSRangeException", reason: "value 1099511627776 does not fit in a 32-bit integer"))
        #expect(row.corelibs == .value("0"))
        #expect(row.gnustep == .exception(name: "NSRangeException", reason: "value 1099511627776 for key(…) is out of range"))
    }

    @Test func int64OverflowOf16ByteValueIsInferred() {
        let row = CoercionTable.row(.decodeInt64, for: .scalar(.integer(Int128(UInt64.max), width: 16)))
        guard case .exception(let name, let reason) = row.apple else { Issue.record("\(row.apple)"); return }
        #expect(name == "NSRangeException")
        #expect(reason.contains("64-bit") && reason.contains("inferred"))
        #expect(row.corelibs == .value("-1"))
    }

    @Test func decodeIntegerIs64Bit() {
        let big = FieldValue.scalar(.integer(Int128(Int32.max) + 1, width: 8))
        #expect(CoercionTable.row(.decodeInteger, for: big).apple == .value("2147483648"))
        #expect(CoercionTable.row(.decodeInt, for: big).apple != .value("2147483648"))
    }

    @Test func floatOutOfRange() {
        let row = CoercionTable.row(.decodeFloat, for: .scalar(.real(1e39, width: 8)))
        #expect(row.apple == .exception(name: "NSRangeException", reason: "value 1e+39 is too large for a float"))
        #expect(row.corelibs == .value("inf"))
        #expect(row.gnustep == .value("inf"))
    }

    @Test func intAsRealIsIncompatibleOnApple() {
        let row = CoercionTable.row(.decodeDouble, for: .scalar(.integer(3, width: 1)))
        #expect(row.apple == .exception(name: "NSInvalidUnarchiveOperationException",
                                        reason: "incompatible type: an integer is stored and decodeDouble asks for a real"))
        #expect(row.corelibs == .value("3.0"))
        #expect(row.gnustep == .value("3.0"))
    }

    @Test func corelibsBoolOnlyBridgesZeroAndOne() {
        #expect(CoercionTable.row(.decodeBool, for: .scalar(.integer(2, width: 1))).corelibs == .value("NO"))
        #expect(CoercionTable.row(.decodeBool, for: .scalar(.integer(1, width: 1))).corelibs == .value("YES"))
        #expect(CoercionTable.row(.decodeBool, for: .scalar(.integer(0, width: 1))).corelibs == .value("NO"))
        #expect(CoercionTable.row(.decodeBool, for: .scalar(.integer(2, width: 1))).gnustep == .value("YES"))
    }

    @Test func decodeObjectOnInlineScalarWarnsOnAppleAndFailsOnCorelibs() {
        let row = CoercionTable.row(.decodeObject, for: .scalar(.integer(7, width: 1)))
        #expect(row.apple == .value("NSNumber 7 (with the warning \"value for key is not an object\", C.9)"))
        guard case .failure(let why) = row.corelibs else { Issue.record("\(row.corelibs)"); return }
        #expect(why.contains("is not a reference"))
    }

    @Test func stringsInMessagesAreEscaped() {
        let row = CoercionTable.row(.decodeObject, for: .scalar(.string("a\u{1B}[2Jb")))
        #expect(row.apple.text.contains("\\e[2J"))
        #expect(!row.apple.text.contains("\u{1B}"))
        let bad = CoercionTable.row(.decodeInt, for: .invalid("bad\nthing"))
        #expect(bad.apple.text.contains("bad\\nthing"))
    }

    @Test func outcomeTextForms() {
        #expect(DecodeOutcome.value("0").text == "0")
        #expect(DecodeOutcome.exception(name: "N", reason: "r").text == "raises N: r")
        #expect(DecodeOutcome.failure("x").text == "fails: x")
        #expect(DecodeOutcome.undocumented("y").text == "undocumented: y")
        #expect(DecodeMethod.decodeInteger.integerBits == 64 && DecodeMethod.decodeInt.integerBits == 32)
    }
}
