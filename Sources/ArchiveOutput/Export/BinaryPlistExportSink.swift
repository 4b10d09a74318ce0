import ArchiveCore

/// Writes the resolved document as a bplist00 binary property list, streamed: each object is written
/// as soon as it is complete (children before their container, which refers to them by number), so
/// what stays in memory is one offset per object, the child numbers of the open containers, and the
/// numbers of short strings written (keys repeat; each is written once).
///
/// Object references are 4 bytes wide (the count is not known until the end); the top object is
/// the last one written (Apple's writer makes it the first, but every reader takes its number from
/// the trailer; numbering it 0 would put the offset table out of file order, which is worse). Types a plist lacks
/// are written as in `XMLPlistExportSink` (`{"$null": true}`, `{"$integer": "<digits>"}`), and so
/// is a date no reader takes back (NaN, infinite, or outside years 4 to 9922: `{"$seconds": <real>}`;
/// Python's plistlib refuses the whole file for one); other dates, UIDs and any text are native.
public struct BinaryPlistExportSink: ExportSink {
    private var out: [UInt8] = Array("bplist00".utf8)
    private var flushed = 0
    private var offsets: [UInt64] = []
    private var top: UInt32 = 0
    private var frames: [(isDictionary: Bool, keys: [UInt32], values: [UInt32])] = []
    private var strings: [LiteralText: UInt32] = [:]
    private let write: ([UInt8]) -> Void
    static let refSize = 4
    /// Longest string looked up among those written, and how many are remembered.
    static let uniqueStringLimit = 64, uniqueStringCount = 1 << 20

    public init(write: @escaping ([UInt8]) -> Void) { self.write = write }

    /// Writes one object and returns its number.
    private mutating func add(_ object: BinaryPlistBuilder.Object) -> UInt32 {
        offsets.append(UInt64(flushed + out.count))
        BinaryPlistBuilder.append(object, refSize: Self.refSize, to: &out)
        if out.count > 1 << 16 {
            write(out)
            flushed += out.count
            out.removeAll(keepingCapacity: true)
        }
        return UInt32(truncatingIfNeeded: offsets.count - 1)
    }

    private mutating func attach(_ number: UInt32) {
        if frames.isEmpty { top = number } else { frames[frames.count - 1].values.append(number) }
    }

    private mutating func string(_ s: String) -> UInt32 {
        guard s.utf8.count <= Self.uniqueStringLimit else { return add(.string(s)) }
        if let known = strings[LiteralText(s)] { return known }
        let number = add(.string(s))
        if strings.count < Self.uniqueStringCount { strings[LiteralText(s)] = number }
        return number
    }

    public mutating func beginArray() { frames.append((false, [], [])) }
    public mutating func beginDictionary() { frames.append((true, [], [])) }

    public mutating func endArray() {
        guard let frame = frames.popLast() else { return }
        attach(add(.array(frame.values.map(Int.init))))
    }

    public mutating func endDictionary() {
        guard let frame = frames.popLast() else { return }
        attach(add(.dict(zip(frame.keys, frame.values).map { (key: Int($0), value: Int($1)) })))
    }

    public mutating func key(_ key: String) {
        let number = string(key)
        if !frames.isEmpty { frames[frames.count - 1].keys.append(number) }
    }

    public mutating func scalar(_ value: ExportScalar) {
        switch value {
        case .null: tagged("$null", .bool(true))
        case .bool(let b): attach(add(.bool(b)))
        case .integer(let i):
            if let small = Int64(exactly: i) { attach(add(.integer(small))) }
            else if let large = UInt64(exactly: i) { attach(add(.bigInteger(large))) }
            else { tagged("$integer", .string(String(i))) }
        case .real(let d): attach(add(.real(d)))
        case .string(let s): attach(string(s))
        case .data(let d): attach(add(.data(d)))
        case .date(let t):
            if XMLPlistExportSink.isReadableDate(t) { attach(add(.date(t))) } else { tagged("$seconds", .real(t)) }
        case .uid(let u): attach(add(.uid(u)))
        }
    }

    /// `{"<key>": value}`.
    private mutating func tagged(_ key: String, _ value: BinaryPlistBuilder.Object) {
        let k = string(key), v = add(value)
        attach(add(.dict([(key: Int(k), value: Int(v))])))
    }

    public mutating func finish() {
        let table = UInt64(flushed + out.count)
        let width = BinaryPlistBuilder.width(for: table)
        for offset in offsets { BinaryPlistBuilder.appendBE(offset, width: width, to: &out) }
        out += [0, 0, 0, 0, 0, 0, UInt8(width), UInt8(Self.refSize)]
        BinaryPlistBuilder.appendBE(UInt64(offsets.count), width: 8, to: &out)
        BinaryPlistBuilder.appendBE(UInt64(top), width: 8, to: &out)
        BinaryPlistBuilder.appendBE(table, width: 8, to: &out)
        write(out)
        out.removeAll()
    }
}
