/// Unsigned base-128 numbers, least significant group first, high bit set on every byte but the last.
///
/// Used by `NSAttributeInfo` (run length, attribute index), `NSRangeData` (location, length) and
/// `NSIndexPathData` (indexes) [FORMATS.md C.6; RE].
package enum LEB128 {
    /// The numbers in `bytes`, at most `limit` of them. `complete` is false when the data ends inside a
    /// number or a number needs more than 64 bits (decoding stops there).
    package static func decode(_ bytes: [UInt8], limit: Int = Int.max) -> (values: [UInt64], complete: Bool) {
        var values: [UInt64] = []
        var current: UInt64 = 0
        var shift: UInt64 = 0
        var inNumber = false
        for byte in bytes {
            if values.count >= limit { return (values, true) }
            let group = UInt64(byte & 0x7F)
            guard shift < 64, shift == 0 || group >> (64 - shift) == 0 else { return (values, false) }
            current |= group << shift
            inNumber = true
            if byte & 0x80 == 0 {
                values.append(current)
                current = 0
                shift = 0
                inNumber = false
            } else {
                shift += 7
            }
        }
        return (values, !inNumber)
    }
}
