import ArchiveCore
import BinaryPlist
import KeyedArchive

/// Where a byte of a binary plist sits when no decoded object's bytes hold it, for the repair report:
/// a trailer field, an offset-table entry, an element of a container (a keyed archive's `$objects`,
/// or a list field's array whose elements are UID objects stored elsewhere), or a UID object.
///
/// Built once per reading (one pass over the containers, for the UID objects' listings).
struct BinaryPlistPlaces {
    /// What holds a byte.
    enum Place {
        /// A trailer field, by name.
        case trailer(String)
        /// The offset-table entry of plist object `node`.
        case tableEntry(node: Int)
        /// Element `index` of container `node`: the reference bytes themselves.
        case element(node: Int, index: Int)
        /// The bytes of plist object `node` (a UID, a key string), listed as element `index` of
        /// `container` when a container lists it.
        case node(Int, listedIn: (container: Int, index: Int)?)
    }

    let tree: BinaryPlistTree
    private let input: InputBytes
    private let tableStart: Int
    private let entryWidth: Int
    private let objectCount: Int
    private let trailerStart: Int
    /// Node starts, sorted: (start, node).
    private let starts: [(start: Int, node: Int)]
    /// For each UID object, the first container listing it (container, index).
    private let listings: [Int: (container: Int, index: Int)]
    /// The keyed archive's `$objects` array, if the file is one.
    let objectsArray: Int?

    /// Objects past which no listing is recorded (a pass over more containers is not worth a report line).
    static let objectLimit = 4_000_000

    /// Nil when `bytes` is not a binary plist with a readable trailer and table.
    init?(_ bytes: [UInt8]) {
        let input = InputBytes(bytes)
        let tree = BinaryPlistTree(input)
        guard let trailer = tree.trailer, let table = tree.offsetTableOffset, (1...8).contains(trailer.offsetIntSize),
              tree.nodeCount <= Self.objectLimit else { return nil }
        self.tree = tree
        self.input = input
        tableStart = table
        entryWidth = trailer.offsetIntSize
        objectCount = tree.nodeCount
        trailerStart = bytes.count - 32
        var starts: [(start: Int, node: Int)] = []
        var listings: [Int: (container: Int, index: Int)] = [:]
        var uids = Set<Int>()
        for node in 0..<tree.nodeCount {
            let decoded = tree.node(node)
            if let r = decoded.range { starts.append((r.start, node)) }
            if case .uid = decoded.value { uids.insert(node) }
        }
        for node in 0..<tree.nodeCount {
            guard let elements = tree.containerValues(node) else { continue }
            for (index, element) in elements.enumerated() where uids.contains(element) && listings[element] == nil {
                listings[element] = (node, index)
            }
        }
        self.starts = starts.sorted { $0.start < $1.start }
        self.listings = listings
        objectsArray = KeyedArchiveHeader.looksKeyed(tree) ? KeyedArchiveHeader(tree: tree).objectsID : nil
        var entries: [Int: Int] = [:]
        if let objectsArray, let elements = tree.containerValues(objectsArray) {
            for (id, node) in elements.enumerated() where entries[node] == nil { entries[node] = id }
        }
        keyedIDs = entries
    }

    /// For each plist object a keyed archive's `$objects` lists, the first entry listing it (its object id).
    private let keyedIDs: [Int: Int]

    /// The keyed archive's object whose `$objects` entry is plist object `node`.
    func keyedID(of node: Int) -> Int? { keyedIDs[node] }

    /// What holds the byte at `offset` (nil: the header, or bytes no object claims).
    func place(of offset: Int) -> Place? {
        if offset >= trailerStart { return .trailer(Self.trailerField(offset - trailerStart)) }
        if offset >= tableStart, entryWidth > 0 {
            let node = (offset - tableStart) / entryWidth
            return node < objectCount ? .tableEntry(node: node) : nil
        }
        guard let node = node(containing: offset) else { return nil }
        if let elements = tree.containerValues(node), let range = tree.node(node).range, elements.count > 0 {
            let width = tree.trailer?.objectRefSize ?? 1
            let refsStart = range.end - elements.count * width
            if offset >= refsStart, width > 0 { return .element(node: node, index: (offset - refsStart) / width) }
        }
        return .node(node, listedIn: listings[node])
    }

    /// The offset-table entry of `node`, as this reading has it.
    func entry(_ node: Int) -> Int? {
        guard node >= 0, node < objectCount else { return nil }
        return input.uintBE(at: tableStart + node * entryWidth, width: entryWidth).map { Int(clamping: $0) }
    }

    /// Element `index` of container `node` (a plist object id), as this reading has it.
    func element(_ index: Int, of node: Int) -> Int? {
        guard let elements = tree.containerValues(node), index >= 0, index < elements.count else { return nil }
        return elements[index]
    }

    /// The node starting at or before `offset` whose bytes hold it.
    private func node(containing offset: Int) -> Int? {
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid].start <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let candidate = starts[low - 1].node
        return tree.node(candidate).range.map { offset < $0.end } ?? false ? candidate : nil
    }

    /// The trailer field holding byte `i` of the 32-byte trailer (FORMATS.md A.8).
    static func trailerField(_ i: Int) -> String {
        switch i {
        case ..<6: "the trailer's unused bytes"
        case 6: "the trailer's offset width"
        case 7: "the trailer's reference width"
        case 8..<16: "the trailer's object count"
        case 16..<24: "the trailer's top object"
        default: "the trailer's offset-table offset"
        }
    }
}
