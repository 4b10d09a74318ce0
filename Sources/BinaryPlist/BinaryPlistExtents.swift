

@_spi(ArchiveInternals) import ArchiveCore

/// What the decode pass of a bplist's full check found for every object: its decoded range. Kept as the
/// parts the parallel pass made, read in place: joining them would hold every value twice at the
/// pass's peak. A container's children are not kept: they are its references in the file, read again
/// where a walk asks for them (`references(of:)`); nor is where an object starts, which is its offset
/// in the table (where the decoder read it), so the pass's memory is one offset an object.
struct BinaryPlistExtents: Sendable {
    /// What one part of the decode pass found, for objects `base..<base + ends.count`.
    struct Part: Sendable {
        let base: Int
        var ends = OffsetColumn()
        /// One bit an object: whether it was decoded as a container with at least one child.
        var parents: [UInt64] = []
        var diagnostics: [Diagnostic] = []
        /// Objects of the part that decoded to an invalid value, in order.
        var invalidIDs: [Int32] = []

        init(base: Int, capacity: Int) {
            self.base = base
            ends.reserve(capacity); parents.reserveCapacity(capacity / 64 + 1)
        }

        /// Records where the next object ends (-1 when it was not decoded), and whether it has
        /// children. A decoded object starts at its offset in the table.
        mutating func add(end: Int, hasChildren: Bool = false) {
            let i = ends.count
            ends.append(end)
            if i % 64 == 0 { parents.append(0) }
            if hasChildren { parents[i / 64] |= 1 << UInt64(i % 64) }
        }
    }

    private var parts: [Part]
    /// Number of objects.
    let count: Int
    /// Where the references are read.
    private let decoder: BinaryPlistObjectDecoder

    /// The parts in order; each must start where the one before ends. `decoder` reads the containers'
    /// references.
    init(parts: [Part], decoder: BinaryPlistObjectDecoder) {
        self.parts = parts.filter { $0.ends.count > 0 }
        count = parts.reduce(0) { $0 + $1.ends.count }
        self.decoder = decoder
    }

    private func part(of id: Int) -> Int {
        var k = 0
        while k + 1 < parts.count, id >= parts[k + 1].base { k += 1 }
        return k
    }

    /// Where object `id` starts, -1 when it was not decoded: its offset in the table (the decoder
    /// reads an object there, and an object that shares a lower one's offset takes its extent).
    func start(_ id: Int) -> Int {
        guard end(id) >= 0 else { return -1 }
        return decoder.layout.offset(of: id, in: decoder.input) ?? -1
    }

    /// Where object `id` ends, -1 when it was not decoded.
    func end(_ id: Int) -> Int {
        let k = part(of: id)
        return parts[k].ends[id - parts[k].base]
    }

    /// Sets where object `id` ends (it starts at its offset in the table).
    mutating func setEnd(_ id: Int, _ end: Int) {
        let k = part(of: id)
        parts[k].ends[id - parts[k].base] = end
    }

    /// Whether object `id` was decoded as a container with children (objects that share a lower
    /// object's offset were not decoded: the walks go on at that object).
    @inline(__always)
    func hasChildren(_ id: Int) -> Bool {
        guard id >= 0, id < count else { return false }
        let k = part(of: id), i = id - parts[k].base
        return parts[k].parents[i / 64] & (1 << UInt64(i % 64)) != 0
    }

    /// The children of object `id` as the decode pass met them: a container's references (a
    /// dictionary's as key, value pairs), none for other objects, objects not decoded and sharers.
    func references(of id: Int) -> References {
        // An object with children was decoded: it starts at its offset in the table.
        guard hasChildren(id), let offset = decoder.layout.offset(of: id, in: decoder.input) else { return References() }
        return References(decoder, at: offset)
    }

    /// How many children object `id` has (a dictionary's keys and values counted apart).
    func childCount(_ id: Int) -> Int { references(of: id).count }

    /// Child `position` of a container whose references are `refs`: an object id, or -1 for a
    /// reference outside the table.
    @inline(__always)
    func child(_ refs: References, _ position: Int) -> Int {
        // The low eight bytes of a wider reference, as the decoder reads it (`readRef`).
        let width = refs.width
        let at = refs.refsStart + refs.slot(position) * width + Swift.max(0, width - 8)
        guard let ref = decoder.input.uintBE(at: at, width: Swift.min(width, 8)) else { return -1 }
        return ref < UInt64(refs.objects) && ref <= UInt64(Int32.max) ? Int(ref) : -1
    }

    /// Calls `body` with every child of every object, in order, until it returns false.
    func forEachChild(_ body: (Int) -> Bool) {
        for id in 0..<count where hasChildren(id) {
            let refs = references(of: id)
            for position in 0..<refs.count where !body(child(refs, position)) { return }
        }
    }

    /// Where a container's references lie in the file, as the decode pass read them
    /// (`BinaryPlistObjectDecoder.scanContainer`): its entries cut to what fits before the offset table.
    struct References {
        fileprivate var refsStart = 0, entries = 0, width = 1, objects = 0
        fileprivate var isDictionary = false
        /// Number of children (a dictionary's keys and values counted apart).
        private(set) var count = 0

        /// No children.
        init() {}

        /// The references of the object at `offset`; none when it is not a container or its count
        /// cannot be read.
        init(_ decoder: BinaryPlistObjectDecoder, at offset: Int) {
            guard let marker = decoder.input.byte(at: offset) else { return }
            let kind: BinaryPlistObjectDecoder.ContainerKind
            switch marker >> 4 {
            case 0xA, 0xB: kind = .array
            case 0xC: kind = .set
            case 0xD: kind = .dict
            default: return
            }
            var ignored = BinaryPlistObjectDecoder.Context(id: nil, start: offset)
            guard let (entries, refsStart) = decoder.containerHeader(kind, Int(marker & 0x0F), offset, &ignored) else { return }
            self.refsStart = refsStart
            self.entries = entries
            width = decoder.layout.objectRefSize
            objects = decoder.layout.objectCount
            isDictionary = kind == .dict
            count = isDictionary ? 2 * entries : entries
        }

        /// Which reference child `position` is: in a dictionary, key `position / 2` when even, else its value.
        fileprivate func slot(_ position: Int) -> Int {
            !isDictionary ? position : position % 2 == 0 ? position / 2 : entries + position / 2
        }
    }
}
