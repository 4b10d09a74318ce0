import ArchiveCore

/// An `NSCoder` keyed decode method that reads a scalar (or an object) stored under a key.
///
/// Widths follow LP64 platforms (every 64-bit Apple platform, 64-bit Linux): `decodeInt` returns a C
/// `int` (32 bits) and `decodeInteger` an `NSInteger` (64 bits). On 32-bit builds `decodeInteger`
/// would behave like `decodeInt32`; that case is not modelled.
package enum DecodeMethod: String, CaseIterable, Sendable {
    /// One case per `decode…ForKey:` method (`decodeBytes` = `decodeBytesForKey:returnedLength:`).
    case decodeBool, decodeInt, decodeInt32, decodeInt64, decodeInteger, decodeFloat, decodeDouble, decodeObject, decodeBytes

    /// Bit width of the integer the method returns, or nil for non-integer methods.
    package var integerBits: Int? {
        switch self {
        case .decodeInt, .decodeInt32: 32
        case .decodeInt64, .decodeInteger: 64
        default: nil
        }
    }

    /// Whether the method returns a floating-point value.
    var isReal: Bool { self == .decodeFloat || self == .decodeDouble }

    /// The C type the method returns, as used in messages.
    var resultType: String {
        switch self {
        case .decodeBool: "BOOL"
        case .decodeInt: "int"
        case .decodeInt32: "int32_t"
        case .decodeInt64: "int64_t"
        case .decodeInteger: "NSInteger"
        case .decodeFloat: "float"
        case .decodeDouble: "double"
        case .decodeObject: "id"
        case .decodeBytes: "const uint8_t *"
        }
    }
}
