import ArchiveCore

/// Decodes `<data>` text exactly as CF's `parseDataTag` does: bytes >= 0x80 are an error (skipped here
/// so the rest still decodes), other characters outside the base64 alphabet are silently ignored by CF
/// (reported here), `=` counts as a zero digit, and each complete group of 4 digits yields 3 bytes minus
/// one per trailing `=`. Digits left over after the last complete group are dropped.
package enum XMLBase64Decoder {
    package struct Result: Equatable, Sendable {
        package var bytes: [UInt8] = []
        /// Bytes >= 0x80 (CF rejects the data): count and index of the first.
        package var invalidCount = 0
        var firstInvalid: Int?
        /// ASCII characters that are neither base64 digits nor whitespace (CF skips them).
        package var ignoredCount = 0
        var firstIgnored: Int?
        /// Base64 digits after the last complete group of 4 (CF drops them).
        package var leftoverDigits = 0
    }

    /// Digit values; -1 for characters CF skips; `=` is 0 as in CF's table.
    private static let table: [Int8] = {
        var t = [Int8](repeating: -1, count: 128)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        for (value, c) in alphabet.enumerated() { t[Int(c)] = Int8(value) }
        t[Int(UInt8(ascii: "="))] = 0
        return t
    }()

    package static func decode(_ text: UnsafeRawBufferPointer) -> Result {
        var result = Result()
        result.bytes.reserveCapacity(text.count / 4 * 3 + 3)
        var accumulator: UInt32 = 0
        var digits = 0
        var trailingEquals = 0
        table.withUnsafeBufferPointer { table in
            for (index, c) in text.enumerated() {
                if c == UInt8(ascii: "=") {
                    trailingEquals += 1
                } else if !isCSpace(c) {
                    trailingEquals = 0
                }
                if c >= 0x80 {
                    result.invalidCount += 1
                    if result.firstInvalid == nil { result.firstInvalid = index }
                    continue
                }
                let value = table[Int(c)]
                if value < 0 {
                    if !isCSpace(c) {
                        result.ignoredCount += 1
                        if result.firstIgnored == nil { result.firstIgnored = index }
                    }
                    continue
                }
                digits += 1
                accumulator = ((accumulator << 6) | UInt32(value)) & 0xFF_FFFF
                if digits & 3 == 0 {
                    result.bytes.append(UInt8(truncatingIfNeeded: accumulator >> 16))
                    if trailingEquals < 2 { result.bytes.append(UInt8(truncatingIfNeeded: accumulator >> 8)) }
                    if trailingEquals < 1 { result.bytes.append(UInt8(truncatingIfNeeded: accumulator)) }
                }
            }
        }
        result.leftoverDigits = digits & 3
        return result
    }

    /// C `isspace`: space, tab, LF, VT, FF, CR.
    @inline(__always)
    static func isCSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }
}
