import ArchiveCore

/// Values formatted straight into bytes, with the same text the standard library and
/// `ValueFormatter` give (`"\(value)"`, `ValueFormatter.isoDate`, `Base64.encode`): the writers'
/// one place for it (`OutputBuffer`, `JSONWriter`), with no `String` made per value.
package enum ByteFormat {
    /// The UTF-8 of `text`, copied once.
    package static func utf8(_ text: String, into bytes: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// An integer in decimal, as `"\(value)"` writes it.
    package static func decimal(_ value: Int64, into bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        decimal(value.magnitude, into: &bytes)
    }

    /// An unsigned integer in decimal.
    package static func decimal(_ value: UInt64, into bytes: inout [UInt8]) {
        var magnitude = value
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0) // room for 20 digits, written from the end
        withUnsafeMutableBytes(of: &digits) { buffer in
            var i = buffer.count
            repeat {
                i -= 1
                buffer[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0 && i > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[i...]))
        }
    }

    /// Any integer in decimal: 64-bit ones formatted here, wider ones by the standard library.
    package static func decimal(_ value: Int128, into bytes: inout [UInt8]) {
        if let small = Int64(exactly: value) { return decimal(small, into: &bytes) }
        if let large = UInt64(exactly: value) { return decimal(large, into: &bytes) }
        utf8(String(value), into: &bytes)
    }

    /// A finite real as Swift's shortest round-trip form (`"\(d)"`: `0.1`, `1e+16`, `5e-324`): the
    /// standard library's own text, so reals stay byte for byte what they were (usually 15 bytes or
    /// fewer, which `String` holds inline, with no allocation).
    package static func real(_ d: Double, into bytes: inout [UInt8]) {
        utf8(d.description, into: &bytes)
    }

    // MARK: Base64 and dates

    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `data` in base64 with padding and no line breaks, as `Base64.encode`.
    package static func base64(_ data: [UInt8], into bytes: inout [UInt8]) {
        let full = data.count / 3, rest = data.count - full * 3
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "="), count: (full + (rest > 0 ? 1 : 0)) * 4))
        Self.alphabet.withUnsafeBufferPointer { table in
            data.withUnsafeBufferPointer { input in
                bytes.withUnsafeMutableBufferPointer { out in
                    var o = start
                    var i = 0
                    for _ in 0..<full {
                        let n = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
                        out[o] = table[Int(n >> 18 & 63)]; out[o + 1] = table[Int(n >> 12 & 63)]
                        out[o + 2] = table[Int(n >> 6 & 63)]; out[o + 3] = table[Int(n & 63)]
                        i += 3; o += 4
                    }
                    guard rest > 0 else { return }
                    let n = UInt32(input[i]) << 16 | (rest == 2 ? UInt32(input[i + 1]) << 8 : 0)
                    out[o] = table[Int(n >> 18 & 63)]; out[o + 1] = table[Int(n >> 12 & 63)]
                    if rest == 2 { out[o + 2] = table[Int(n >> 6 & 63)] }
                }
            }
        }
    }

    /// `ValueFormatter.isoDate(seconds)`, formatted here for the dates it writes as a date.
    package static func isoDate(_ seconds: Double, into bytes: inout [UInt8]) {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return utf8(ValueFormatter.isoDate(seconds), into: &bytes) }
        let whole = seconds.rounded(.down)
        let total = Int64(whole) + 978_307_200 // 2001-01-01 in Unix time
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secs = total - days * 86_400
        let (y, m, d) = ValueFormatter.civil(fromDays: days)
        decimal(y, into: &bytes)
        bytes.append(UInt8(ascii: "-")); twoDigits(m, into: &bytes)
        bytes.append(UInt8(ascii: "-")); twoDigits(d, into: &bytes)
        bytes.append(UInt8(ascii: "T")); twoDigits(secs / 3600, into: &bytes)
        bytes.append(UInt8(ascii: ":")); twoDigits(secs / 60 % 60, into: &bytes)
        bytes.append(UInt8(ascii: ":")); twoDigits(secs % 60, into: &bytes)
        let fraction = seconds - whole
        if fraction > 0 {
            let ms = Int64((fraction * 1000).rounded())
            if ms > 0 && ms < 1000 {
                bytes.append(UInt8(ascii: "."))
                bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: ms / 100))
                bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: ms / 10 % 10))
                bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: ms % 10))
            }
        }
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Two digits for 0…99; a larger value (none from `isoDate`'s fields) in full, as `"\(v)"`.
    private static func twoDigits(_ v: Int64, into bytes: inout [UInt8]) {
        guard v >= 0, v < 100 else { return decimal(v, into: &bytes) }
        bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v / 10))
        bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10))
    }
}
