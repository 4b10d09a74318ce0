import ArchiveCore

/// A text-mode rewrite of line endings that damaged a binary file: what it did to the bytes, how to
/// tell a file it may have produced, and, where the rewrite can be read backwards without a choice,
/// its exact inverse.
///
/// The four rewrites transfers make (FTP in ASCII mode, `git` with `text`/`autocrlf`, `unix2dos` and
/// `dos2unix`, mail and web forms, editors), as Python's `bytes.replace` states them:
/// - `crToLF`: `replace(b"\r", b"\n")`, every CR became LF; same size, no 0x0D left;
/// - `crlfToLF`: `replace(b"\r\n", b"\n")`, every CR LF pair lost its CR; shorter (a CR LF is left
///   only where CR CR LF was);
/// - `lfToCRLF`: `replace(b"\n", b"\r\n")`, a CR put before every LF; longer, every LF after a CR;
/// - `crToCRLF`: `replace(b"\r", b"\r\n")`, an LF put after every CR; longer, every CR before an LF.
///
/// The two that add bytes are exactly invertible: the byte each added sits at a known place next to
/// the byte it was added for, so taking it away gives the original whatever the original held. The
/// two that lose information (which LF was a CR, which LF had a CR before it) need the format's
/// structure (its descriptor's `lineEndingStructure`) and the check (the repair's search) to decide.
package enum LineEndingConversion: String, Sendable, CaseIterable {
    case crToLF = "cr-to-lf"
    case crlfToLF = "crlf-to-lf"
    case lfToCRLF = "lf-to-crlf"
    case crToCRLF = "cr-to-crlf"

    package static let cr: UInt8 = 0x0D
    package static let lf: UInt8 = 0x0A

    /// The offsets of `bytes`' LF bytes: every place where either conversion that loses information
    /// (`crToLF`, `crlfToLF`) may have acted.
    package static func sites(in bytes: [UInt8]) -> [Int] {
        bytes.indices.filter { bytes[$0] == lf }
    }

    /// The rewrite applied to `bytes` (what the transfer did; for tests and measurements).
    package func apply(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch self {
            case .crToLF:
                out.append(b == Self.cr ? Self.lf : b)
            case .crlfToLF:
                if b == Self.cr, i + 1 < bytes.count, bytes[i + 1] == Self.lf { out.append(Self.lf); i += 1 } else { out.append(b) }
            case .lfToCRLF:
                if b == Self.lf { out.append(Self.cr) }
                out.append(b)
            case .crToCRLF:
                out.append(b)
                if b == Self.cr { out.append(Self.lf) }
            }
            i += 1
        }
        return out
    }

    /// Whether `bytes` can be this rewrite's output and the rewrite changed something: the shape each
    /// leaves (see the type's comment).
    package func couldHaveProduced(_ bytes: [UInt8]) -> Bool {
        let lfs = bytes.reduce(0) { $0 + ($1 == Self.lf ? 1 : 0) }
        let crs = bytes.reduce(0) { $0 + ($1 == Self.cr ? 1 : 0) }
        switch self {
        case .crToLF: return crs == 0 && lfs > 0
        // CR CR LF becomes CR LF: a pair may remain, so every LF is a place a CR may have been lost.
        case .crlfToLF: return lfs > 0
        case .lfToCRLF: return lfs > 0 && Self.everyLFFollowsCR(bytes)
        case .crToCRLF: return crs > 0 && Self.everyCRPrecedesLF(bytes)
        }
    }

    /// The original bytes, for the two rewrites that can be read backwards exactly; nil for the other
    /// two, or when `bytes` cannot be this rewrite's output.
    package func exactInverse(_ bytes: [UInt8]) -> [UInt8]? {
        switch self {
        case .lfToCRLF:
            guard Self.everyLFFollowsCR(bytes) else { return nil }
            // Each LF's CR is the byte just before it: drop it.
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            for (i, b) in bytes.enumerated() where !(b == Self.cr && i + 1 < bytes.count && bytes[i + 1] == Self.lf) { out.append(b) }
            return out
        case .crToCRLF:
            guard Self.everyCRPrecedesLF(bytes) else { return nil }
            // Each CR's LF is the byte just after it: drop it.
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            for (i, b) in bytes.enumerated() where !(b == Self.lf && i > 0 && bytes[i - 1] == Self.cr) { out.append(b) }
            return out
        case .crToLF, .crlfToLF:
            return nil
        }
    }

    /// What the rewrite did, in words.
    package var summary: String {
        switch self {
        case .crToLF: "every CR (0x0D) became LF (0x0A)"
        case .crlfToLF: "every CR LF pair (0x0D 0x0A) became a single LF"
        case .lfToCRLF: "a CR (0x0D) was put before every LF (0x0A), as unix2dos or git's autocrlf do"
        case .crToCRLF: "an LF (0x0A) was put after every CR (0x0D)"
        }
    }

    /// Whether the rewrite changes the size (and so every offset after its first change).
    package var changesSize: Bool { self != .crToLF }

    package static func hasPair(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        for i in 0..<(bytes.count - 1) where bytes[i] == cr && bytes[i + 1] == lf { return true }
        return false
    }

    package static func everyLFFollowsCR(_ bytes: [UInt8]) -> Bool {
        var any = false
        for (i, b) in bytes.enumerated() where b == lf {
            guard i > 0, bytes[i - 1] == cr else { return false }
            any = true
        }
        return any
    }

    package static func everyCRPrecedesLF(_ bytes: [UInt8]) -> Bool {
        var any = false
        for (i, b) in bytes.enumerated() where b == cr {
            guard i + 1 < bytes.count, bytes[i + 1] == lf else { return false }
            any = true
        }
        return any
    }
}
