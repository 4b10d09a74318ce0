import FuzzSupport

/// The damaged versions of one input, enumerated in a fixed order so a run can be resumed after any
/// variant and any variant can be rebuilt from its descriptor alone.
struct Variant: Equatable {
    enum Kind: String { case original, cut, mutation }
    var kind: Kind
    /// The cut length, or the mutation number.
    var number: Int

    var descriptor: String { kind == .original ? "original" : "\(kind.rawValue) \(number)" }

    init(_ kind: Kind, _ number: Int) {
        self.kind = kind
        self.number = number
    }

    init?(descriptor: String) {
        let parts = descriptor.split(separator: " ")
        if parts == ["original"] { self.init(.original, 0); return }
        guard parts.count == 2, let kind = Kind(rawValue: String(parts[0])), let n = Int(parts[1]) else { return nil }
        self.init(kind, n)
    }
}

/// Settings that decide which variants exist.
struct VariantPlan {
    /// Files up to this size get every truncation; larger ones a dense sample of about this many cuts.
    var maxCuts = 2_000
    /// Random mutations per file.
    var mutations = 200
    var seed: UInt64 = 1

    /// Every variant of a `size`-byte input named `name`, in run order.
    func variants(size: Int) -> [Variant] {
        var result = [Variant(.original, 0)]
        result += cutPoints(size: size).map { Variant(.cut, $0) }
        result += (0..<mutations).map { Variant(.mutation, $0) }
        return result
    }

    /// All cut lengths `0..<size` for small inputs; for larger ones every length within 256 bytes of
    /// either end (headers and trailers) plus evenly spaced lengths between, about `maxCuts` in all.
    func cutPoints(size: Int) -> [Int] {
        guard size > maxCuts else { return Array(0..<size) }
        let edge = Swift.min(256, maxCuts / 4)
        var points = Array(0..<edge)
        let middle = maxCuts - 2 * edge
        let span = size - 2 * edge
        for i in 0..<middle { points.append(edge + span * i / middle) }
        points += (size - edge)..<size
        return points
    }

    /// The bytes of `variant` of `original` (named `name`, which seeds the mutations).
    func bytes(of variant: Variant, original: [UInt8], name: String) -> [UInt8] {
        switch variant.kind {
        case .original: return original
        case .cut: return Array(original.prefix(variant.number))
        case .mutation: return mutate(original, rng: SplitMix64(seed: seed ^ fnv1a(name) ^ (UInt64(variant.number) &* 0x9E37_79B9_7F4A_7C15)))
        }
    }

    /// One to sixteen byte changes: mostly a random byte set, also bit flips, boundary values, and an
    /// inserted or deleted byte (which shifts everything after it).
    func mutate(_ original: [UInt8], rng: SplitMix64) -> [UInt8] {
        var rng = rng
        var bytes = original
        let roll = rng.below(4)
        let changes = roll < 2 ? 1 : roll == 2 ? 2 + rng.below(3) : 5 + rng.below(12)
        for _ in 0..<changes {
            if bytes.isEmpty { bytes.append(UInt8(truncatingIfNeeded: rng.next())); continue }
            let at = rng.below(bytes.count)
            let kind = rng.below(20)
            switch kind {
            case 0..<12: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
            case 12..<15: bytes[at] ^= UInt8(1) << UInt8(rng.below(8))
            case 15, 16: bytes[at] = [0x00, 0xFF, 0x7F, 0x80, 0x0F, 0x10][rng.below(6)]
            case 17, 18: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: at)
            default: bytes.remove(at: at)
            }
        }
        return bytes
    }
}

/// FNV-1a over the UTF-8 of `text`.
func fnv1a(_ text: String) -> UInt64 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
    return h
}
