import Synchronization
import ArchiveCore

/// Decoded strings and data of `minimumBytes` or more, by object id. A bplist names a value by
/// reference, so one 100 KB string can be every object's field for 20,000 objects: decoding it at each
/// read made `--check` of such an 820 KB file take 28 s and `--dump` minutes. Bounded by `byteLimit`
/// of payload; when full it starts over (thrashing it takes more than that many bytes of distinct
/// long values, which costs a file that size).
package final class BinaryPlistLeafCache: Sendable {
    static let minimumBytes = 1_024
    static let byteLimit = 64 << 20

    private struct State {
        var nodes: [Int: PlistNode] = [:]
        var bytes = 0
    }

    private let state = Mutex(State())

    /// Whether an object whose marker byte is `marker` can be a long string or data: data, ASCII,
    /// UTF-16 or UTF-8 string with its count in an extension (15 or more).
    static func mayBeLong(marker: UInt8) -> Bool {
        (0x4...0x7).contains(marker >> 4) && marker & 0x0F == 0x0F
    }

    /// The node of object `id`, from the cache or from `decode` (whose long leaves are kept).
    func node(_ id: Int, decode: () -> PlistNode) -> PlistNode {
        if let hit = state.withLock({ $0.nodes[id] }) { return hit }
        let node = decode()
        let size: Int
        switch node.value {
        case .string(let s): size = s.utf8.count
        case .data(let d): size = d.count
        default: return node
        }
        guard size >= Self.minimumBytes, size <= Self.byteLimit else { return node }
        state.withLock { state in
            if state.bytes > Self.byteLimit - size { state = State() }
            state.nodes[id] = node
            state.bytes += size
        }
        return node
    }
}
