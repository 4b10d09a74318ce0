/// Writes block streams by hand: each block's header fields little-endian after its magic.
enum StreamBuilder {
    static func u32(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    static func magic(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// `bvx-`, raw size, the bytes (`declared` overrides the size field).
    static func raw(_ bytes: [UInt8], declared: Int? = nil) -> [UInt8] {
        magic("bvx-") + u32(declared ?? bytes.count) + bytes
    }

    /// `bvxn`, raw size, payload size, payload.
    static func lzvn(_ payload: [UInt8], rawSize: Int, payloadSize: Int? = nil) -> [UInt8] {
        magic("bvxn") + u32(rawSize) + u32(payloadSize ?? payload.count) + payload
    }

    /// `bvx$`.
    static let end = magic("bvx$")
}
