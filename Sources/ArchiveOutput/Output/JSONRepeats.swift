import ArchiveCore

/// Keeps `--json` output linear in the input. JSON has no references for text or data, so content a
/// file holds once but lists in many places (one data node in 20,000 list slots, one class name for
/// 20,000 objects, one key for 20,000 dictionaries) would be written in full at every place: a 120 KB
/// file made 2.7 GB of JSON. Text and data of `minimumLength` bytes or more are written in full at their
/// first place; later places write them in full again while the repeated bytes stay within `budget`,
/// and past it name the place that holds them in full. Real files stay far inside the budget, so their
/// JSON carries every value in full.
struct JSONRepeats {
    /// The part of the JSON document that holds content in full: the `top` section or one object.
    enum Place: Equatable {
        case top
        case object(ObjectID)

        /// The JSON value naming the place: `"top"` or the object id.
        var json: String {
            switch self {
            case .top: "\"top\""
            case .object(let id): String(id)
            }
        }
    }

    /// Content shorter than this (in bytes, UTF-8 for text) is always written in full: a reference to
    /// it would not be much shorter.
    static let minimumLength = 64

    /// Bytes of repeated content written in full before repeats are written as references.
    let budget: Int
    /// Repeated bytes written in full so far.
    private(set) var spent = 0
    /// Content seen, by its kind, length and a 64-bit hash seeded per process (content is not kept, so
    /// that memory stays flat while a large file streams out; two different long values sharing a
    /// length and a random 64-bit hash is not a practical risk). Values index `places`.
    private var indices: [Fingerprint: Int] = [:]
    /// Where each content was first written in full.
    private var places: [Place] = []
    /// The last storages seen, each kept alive while listed here so that its address cannot be reused:
    /// content the graph shares in memory (a leaf read once and listed many times) is found without
    /// hashing it again.
    private var recent: [(content: Content, storage: Storage, index: Int)] = []
    private var recentBytes = 0
    /// At most this many storages, of at most `recentByteLimit` bytes in all, are kept in `recent`.
    static let recentLimit = 16
    static let recentByteLimit = 64 << 20
    /// Digests computed so far, by content index.
    private var digests: [Int: String] = [:]

    init(budget: Int) {
        self.budget = Swift.max(0, budget)
    }

    /// One occurrence of long content: which content, and whether this is the place holding it in full.
    struct Found {
        /// The content's index: equal content, equal index.
        let index: Int
        /// The content's length in bytes.
        let length: Int
        /// The first place the content was found, where it is written in full.
        let isFirst: Bool
    }

    /// A place holding content in full, for an occurrence written as a repeat.
    struct Repeat {
        /// The place that holds the content in full.
        let place: Place
        /// The content's length in bytes.
        let length: Int
        /// Which content (for `digest(of:text:)`).
        fileprivate let index: Int
    }

    /// `text` as content of `minimumLength` bytes or more, noting `place` where it is the first; nil
    /// when it is shorter.
    mutating func find(text: String, at place: Place) -> Found? {
        guard text.utf8.count >= Self.minimumLength else { return nil }
        var contiguous = text
        contiguous.makeContiguousUTF8()
        let found = contiguous.utf8.withContiguousStorageIfAvailable { buffer in
            find(UnsafeRawBufferPointer(buffer), isText: true, at: place, keep: { .text(contiguous) })
        }
        return found
    }

    /// As `find(text:at:)`, for data.
    mutating func find(data bytes: [UInt8], at place: Place) -> Found? {
        guard bytes.count >= Self.minimumLength else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            find(UnsafeRawBufferPointer(buffer), isText: false, at: place, keep: { .data(bytes) })
        }
    }

    /// nil when the occurrence is to be written in full (its first place, or a repeat the budget still
    /// allows, which spends it); otherwise where it is written in full.
    mutating func repeatOf(_ found: Found) -> Repeat? {
        if found.isFirst { return nil }
        if found.length <= budget - spent {
            spent += found.length
            return nil
        }
        return Repeat(place: places[found.index], length: found.length, index: found.index)
    }

    /// `find(text:at:)` then `repeatOf(_:)`.
    mutating func earlierPlace(ofText text: String, at place: Place) -> Repeat? {
        find(text: text, at: place).flatMap { repeatOf($0) }
    }

    /// `find(data:at:)` then `repeatOf(_:)`.
    mutating func earlierPlace(ofData bytes: [UInt8], at place: Place) -> Repeat? {
        find(data: bytes, at: place).flatMap { repeatOf($0) }
    }

    private mutating func find(_ buffer: UnsafeRawBufferPointer, isText: Bool, at place: Place,
                               keep: () -> Content) -> Found {
        let storage = Storage(buffer, isText: isText)
        if let known = recent.last(where: { $0.storage == storage })?.index {
            return Found(index: known, length: buffer.count, isFirst: false)
        }
        var hasher = Hasher()
        hasher.combine(isText)
        hasher.combine(bytes: buffer)
        let fingerprint = Fingerprint(hash: hasher.finalize(), length: buffer.count, isText: isText)
        let found: Found
        if let known = indices[fingerprint] {
            found = Found(index: known, length: buffer.count, isFirst: false)
        } else {
            found = Found(index: places.count, length: buffer.count, isFirst: true)
            indices[fingerprint] = places.count
            places.append(place)
        }
        remember(keep(), storage, found.index)
        return found
    }

    private mutating func remember(_ content: Content, _ storage: Storage, _ index: Int) {
        guard storage.count <= Self.recentByteLimit else { return }
        while let oldest = recent.first, recent.count >= Self.recentLimit || recentBytes > Self.recentByteLimit - storage.count {
            recentBytes -= oldest.storage.count
            recent.removeFirst()
        }
        recent.append((content, storage, index))
        recentBytes += storage.count
    }

    /// The FNV-1a (64-bit) hash of repeated `text` as 16 hex digits: stable across runs, unlike
    /// `Hasher`, so it can name a repeated key. Computed once per content.
    mutating func digest(of r: Repeat, text: String) -> String {
        if let known = digests[r.index] { return known }
        let hex = String(Self.fnv1a(text.utf8), radix: 16)
        let digest = String(repeating: "0", count: 16 - hex.count) + hex
        digests[r.index] = digest
        return digest
    }

    static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    /// Content kept alive while its storage is in `recent`.
    enum Content {
        case text(String)
        case data([UInt8])
    }

    /// What identifies content without keeping it.
    struct Fingerprint: Hashable {
        let hash: Int
        let length: Int
        let isText: Bool
    }

    /// Identity of a buffer in memory.
    struct Storage: Hashable {
        let address: UInt
        let count: Int
        let isText: Bool

        init(_ buffer: UnsafeRawBufferPointer, isText: Bool) {
            address = UInt(bitPattern: buffer.baseAddress)
            count = buffer.count
            self.isText = isText
        }
    }
}
