import ArchiveModel
import FuzzSupport

/// Fixtures of the formats added after the first campaign, so that a run (and the fuzz seeds) cover
/// them without the shared corpus: bookmark data, an LZFSE block stream (an LZVN block and a raw one,
/// as helpd's indexes hold them) around a keyed archive, and a keyed archive after a text-mode
/// transfer added a CR before every LF (the damage `--repair` undoes).
extension Fixtures {
    static func formats() -> [(name: String, bytes: [UInt8])] {
        [
            ("fixture/sample.bookmark", BookmarkBuilder.sample().build().bytes),
            ("fixture/keyed-in-lzvn.bvx", lzvnStream(keyedCycle())),
            ("fixture/keyed-in-raw-block.bvx", rawStream(plain())),
            ("fixture/keyed-lf-to-crlf.bplist", LineEndingConversion.lfToCRLF.apply(embedded())),
        ]
    }

    /// `bytes` as one LZVN block (`bvxn`) of literals alone, then the end of the stream (`bvx$`).
    static func lzvnStream(_ bytes: [UInt8]) -> [UInt8] {
        var payload: [UInt8] = []
        var start = 0
        while start < bytes.count {
            let n = Swift.min(271, bytes.count - start)
            // 0xE0 LL: 16-271 literal bytes; 0xE0 | n: 1-15.
            payload += n >= 16 ? [0xE0, UInt8(n - 16)] : [0xE0 | UInt8(n)]
            payload += bytes[start..<(start + n)]
            start += n
        }
        payload += [0x06, 0, 0, 0, 0, 0, 0, 0]
        return Array("bvxn".utf8) + le32(bytes.count) + le32(payload.count) + payload + Array("bvx$".utf8)
    }

    /// `bytes` as one raw block (`bvx-`), then the end of the stream.
    static func rawStream(_ bytes: [UInt8]) -> [UInt8] {
        Array("bvx-".utf8) + le32(bytes.count) + bytes + Array("bvx$".utf8)
    }

    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}
