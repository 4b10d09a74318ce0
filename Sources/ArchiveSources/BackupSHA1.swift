import ArchiveCore

/// SHA-1 (FIPS 180-4), for the names of an iOS backup's files: a file's `fileID` is the SHA-1 of
/// `Domain-relativePath` in lowercase hex. Used to check that a manifest's names and file ids agree
/// and to find the file of a Manifest.mbdb record; not for security. All arithmetic wraps, as the
/// algorithm defines it.
package enum BackupSHA1 {
    /// The 20-byte digest of `message`.
    package static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
        var padded = message
        padded.append(0x80)
        padded.append(contentsOf: repeatElement(0, count: (119 - message.count % 64) % 64))
        let bits = UInt64(truncatingIfNeeded: message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        // Unsafe buffers: this runs once per manifest row, and checked indexing dominates a debug build.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { w in
            padded.withUnsafeBufferPointer { bytes in
                for block in stride(from: 0, to: bytes.count, by: 64) {
                    for i in 0..<16 {
                        let at = block + 4 * i
                        w[i] = UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
                    }
                    for i in 16..<80 { w[i] = rotate(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1) }
                    h = compress(h, w)
                }
            }
        }
        return [h.0, h.1, h.2, h.3, h.4].flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) } }
    }

    /// The 80 rounds over one block's schedule `w`, added to `h`.
    private static func compress(_ h: (UInt32, UInt32, UInt32, UInt32, UInt32), _ w: UnsafeMutableBufferPointer<UInt32>) -> (UInt32, UInt32, UInt32, UInt32, UInt32) {
        var (a, b, c, d, e) = h
        for i in 0..<80 {
            let f: UInt32, k: UInt32
            if i < 20 { f = (b & c) | (~b & d); k = 0x5A82_7999 } else if i < 40 { f = b ^ c ^ d; k = 0x6ED9_EBA1 } else if i < 60 {
                f = (b & c) | (b & d) | (c & d); k = 0x8F1B_BCDC
            } else { f = b ^ c ^ d; k = 0xCA62_C1D6 }
            let t = rotate(a, 5) &+ f &+ e &+ k &+ w[i]
            (e, d, c, b, a) = (d, c, rotate(b, 30), a, t)
        }
        return (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
    }

    /// The digest of `message` as 40 lowercase hex digits.
    package static func hex(_ message: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".unicodeScalars)
        var text = ""
        for byte in digest(message) {
            text.unicodeScalars.append(digits[Int(byte >> 4)])
            text.unicodeScalars.append(digits[Int(byte & 0xF)])
        }
        return text
    }

    /// The file id iOS gives the file `relativePath` of `domain`: SHA-1 of `domain-relativePath`.
    package static func fileID(domain: [UInt8], relativePath: [UInt8]) -> String {
        hex(domain + [UInt8(ascii: "-")] + relativePath)
    }

    private static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { x << n | x >> (32 - n) }
}
