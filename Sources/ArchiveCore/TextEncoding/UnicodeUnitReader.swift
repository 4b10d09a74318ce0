/// Reads Unicode scalars from UTF-16 or UTF-32 bytes in either byte order, one step at a time, the
/// same way for the transcoder and for the offset map (which re-reads short stretches).
package struct UnicodeUnitReader {
    /// One step: the scalar read (U+FFFD for a unit that is not one), its length in the file and as
    /// UTF-8, and the problem when the unit was not a scalar.
    struct Step {
        var scalar: UInt32
        var fileLength: Int
        var utf8Length: Int
        var problem: Problem?
    }

    /// What was wrong with a unit that is not a scalar.
    enum Problem: Equatable {
        /// A UTF-16 surrogate without its other half.
        case unpairedSurrogate(UInt32)
        /// A UTF-32 value that is a surrogate or above U+10FFFF.
        case invalidScalar(UInt32)
    }

    let buffer: UnsafeRawBufferPointer
    let form: TextEncoding.Form
    /// One past the last whole code unit (a trailing partial unit is not read).
    let end: Int

    package init(_ buffer: UnsafeRawBufferPointer, form: TextEncoding.Form, start: Int) {
        self.buffer = buffer
        self.form = form
        let width = form.unitWidth
        let body = Swift.max(0, buffer.count - start)
        end = start + body - body % width
    }

    static let replacement: UInt32 = 0xFFFD

    /// The step at `offset`, which must be a unit boundary before `end`.
    @inline(__always)
    func step(at offset: Int) -> Step {
        switch form {
        case .utf16LE, .utf16BE:
            let unit = unit16(at: offset)
            if unit >= 0xD800, unit <= 0xDBFF {
                if offset + 4 <= end {
                    let low = unit16(at: offset + 2)
                    if low >= 0xDC00, low <= 0xDFFF {
                        return Step(scalar: 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), fileLength: 4, utf8Length: 4)
                    }
                }
                return Step(scalar: Self.replacement, fileLength: 2, utf8Length: 3, problem: .unpairedSurrogate(unit))
            }
            if unit >= 0xDC00, unit <= 0xDFFF {
                return Step(scalar: Self.replacement, fileLength: 2, utf8Length: 3, problem: .unpairedSurrogate(unit))
            }
            return Step(scalar: unit, fileLength: 2, utf8Length: Self.utf8Length(unit))
        case .utf32LE, .utf32BE:
            let value = unit32(at: offset)
            if value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF) {
                return Step(scalar: Self.replacement, fileLength: 4, utf8Length: 3, problem: .invalidScalar(value))
            }
            return Step(scalar: value, fileLength: 4, utf8Length: Self.utf8Length(value))
        case .utf8:
            // Never transcoded; one byte per step keeps the reader total.
            return Step(scalar: UInt32(buffer[offset]), fileLength: 1, utf8Length: 1)
        }
    }

    @inline(__always)
    func unit16(at offset: Int) -> UInt32 {
        let a = UInt32(buffer[offset]), b = UInt32(buffer[offset + 1])
        return form.isLittleEndian ? b << 8 | a : a << 8 | b
    }

    @inline(__always)
    func unit32(at offset: Int) -> UInt32 {
        let b0 = UInt32(buffer[offset]), b1 = UInt32(buffer[offset + 1]), b2 = UInt32(buffer[offset + 2]), b3 = UInt32(buffer[offset + 3])
        return form.isLittleEndian ? b3 << 24 | b2 << 16 | b1 << 8 | b0 : b0 << 24 | b1 << 16 | b2 << 8 | b3
    }

    @inline(__always)
    static func utf8Length(_ scalar: UInt32) -> Int {
        scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4
    }

    /// The ASCII value of the unit at `offset` when it is one (below 0x80), else nil: the fast path.
    @inline(__always)
    func ascii(at offset: Int) -> UInt8? {
        let value = form.unitWidth == 2 ? unit16(at: offset) : unit32(at: offset)
        return value < 0x80 ? UInt8(value) : nil
    }

    /// The most UTF-8 bytes `fileBytes` bytes of this form can turn into (3 per UTF-16 unit, 4 per
    /// UTF-32 unit: a surrogate pair's 4 bytes make 4, a replaced unit 3).
    static func utf8Capacity(fileBytes: Int, form: TextEncoding.Form) -> Int {
        form.unitWidth == 2 ? fileBytes / 2 * 3 : fileBytes
    }

    /// Writes the UTF-8 form of `scalar` (a valid scalar value) at `at`, returning the offset after it.
    @inline(__always)
    static func writeUTF8(_ scalar: UInt32, to out: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        let at = offset
        switch scalar {
        case ..<0x80:
            out[at] = UInt8(scalar)
            return at + 1
        case ..<0x800:
            out[at] = UInt8(0xC0 | scalar >> 6); out[at + 1] = UInt8(0x80 | scalar & 0x3F)
            return at + 2
        case ..<0x10000:
            out[at] = UInt8(0xE0 | scalar >> 12); out[at + 1] = UInt8(0x80 | scalar >> 6 & 0x3F); out[at + 2] = UInt8(0x80 | scalar & 0x3F)
            return at + 3
        default:
            out[at] = UInt8(0xF0 | scalar >> 18); out[at + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            out[at + 2] = UInt8(0x80 | scalar >> 6 & 0x3F); out[at + 3] = UInt8(0x80 | scalar & 0x3F)
            return at + 4
        }
    }
}
