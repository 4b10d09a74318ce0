import ArchiveModel

/// Builds typedstream bytes for tests, in either byte order, keeping both reference tables the way
/// NSArchiver does and recording named offsets so tests can assert exact byte ranges.
public struct TypedstreamWriter {
    public var bigEndian: Bool
    public private(set) var bytes: [UInt8] = []
    /// Named offsets set with `mark`.
    public private(set) var marks: [String: Int] = [:]
    /// Shared strings written so far, by text.
    public private(set) var sharedIndex: [String: Int] = [:]
    /// Size of the object table (C strings, classes and objects).
    public private(set) var objectCount = 0
    /// Class records written so far, by name.
    public private(set) var classIDs: [String: Int] = [:]

    public init(bigEndian: Bool = false) { self.bigEndian = bigEndian }

    public var offset: Int { bytes.count }
    public var input: InputBytes { InputBytes(bytes) }

    package func decode() -> TypedstreamGraph { TypedstreamDecoder.decode(input) }

    // MARK: - Offsets

    public mutating func mark(_ name: String) { marks[name] = bytes.count }

    /// The offset named `name` (trapping in tests when it was never marked is fine).
    public func at(_ name: String) -> Int { marks[name] ?? -1 }

    public func range(_ from: String, _ to: String) -> ByteRange { ByteRange(at(from), at(to)) }

    // MARK: - Raw bytes and tags

    public mutating func raw(_ more: [UInt8]) { bytes += more }
    public mutating func byte(_ b: UInt8) { bytes.append(b) }
    public mutating func newTag() { bytes.append(0x84) }
    public mutating func nilTag() { bytes.append(0x85) }
    public mutating func endObject() { bytes.append(0x86) }

    /// `version`, signature length 11, the signature for the byte order, the system version.
    public mutating func header(version: UInt8 = 4, signature: String? = nil, signatureLength: UInt8 = 11, systemVersion: Int = 1000) {
        bytes += [version, signatureLength]
        bytes += Array((signature ?? (bigEndian ? "typedstream" : "streamtyped")).utf8)
        int(Int128(systemVersion))
    }

    // MARK: - Numbers

    /// The shortest integer form: one head byte for −110…127, else `81`/`82`/`87`.
    public mutating func int(_ v: Int128) {
        if v >= -110, v <= 127 {
            bytes.append(UInt8(truncatingIfNeeded: Int8(v)))
        } else if v >= Int128(Int16.min), v <= Int128(Int16.max) {
            int2(v)
        } else if v >= Int128(Int32.min), v <= Int128(Int32.max) {
            int4(v)
        } else {
            int8(v)
        }
    }

    public mutating func int2(_ v: Int128) { bytes.append(0x81); ordered(UInt64(truncatingIfNeeded: v), width: 2) }
    public mutating func int4(_ v: Int128) { bytes.append(0x82); ordered(UInt64(truncatingIfNeeded: v), width: 4) }
    public mutating func int8(_ v: Int128) { bytes.append(0x87); ordered(UInt64(truncatingIfNeeded: v), width: 8) }

    public mutating func float(_ f: Float) { bytes.append(0x83); ordered(UInt64(f.bitPattern), width: 4) }
    public mutating func double(_ d: Double) { bytes.append(0x83); ordered(d.bitPattern, width: 8) }

    /// `width` bytes of `value` in the stream's byte order.
    public mutating func ordered(_ value: UInt64, width: Int) {
        for i in 0..<width {
            let shift = bigEndian ? (width - 1 - i) * 8 : i * 8
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    // MARK: - Strings and references

    /// Length + bytes (FORMATS.md D.4 unshared string).
    public mutating func unshared(_ s: [UInt8]) {
        int(Int128(s.count))
        bytes += s
    }

    public mutating func unshared(_ s: String) { unshared(Array(s.utf8)) }

    /// A reference number for table index `index` (head `92` is index 0).
    public mutating func ref(_ index: Int) { int(Int128(index) - 110) }

    /// A shared string: a reference when already written, else `84` + unshared string.
    public mutating func shared(_ s: String) {
        if let index = sharedIndex[s] {
            ref(index)
        } else {
            newTag()
            unshared(s)
            sharedIndex[s] = sharedIndex.count
        }
    }

    /// A group's type string.
    public mutating func types(_ s: String) { shared(s) }

    /// A literal C string (`*`), which also takes an object-table slot. Returns its id.
    @discardableResult
    public mutating func cString(_ s: String) -> Int {
        newTag()
        shared(s)
        objectCount += 1
        return objectCount - 1
    }

    // MARK: - Classes and objects

    /// A class chain, most derived first: new records until a class already written (then a
    /// reference to it) or the root (then `85`). Returns the id of the first class.
    @discardableResult
    public mutating func classChain(_ chain: [(String, Int)]) -> Int {
        var first: Int?
        for (name, version) in chain {
            if let id = classIDs[name] {
                ref(id)
                return first ?? id
            }
            newTag()
            shared(name)
            int(Int128(version))
            classIDs[name] = objectCount
            first = first ?? objectCount
            objectCount += 1
        }
        nilTag()
        return first ?? -1
    }

    /// `84`, the object's table slot, then its class chain. The caller writes groups and `endObject()`.
    @discardableResult
    public mutating func beginObject(_ chain: [(String, Int)]) -> Int {
        newTag()
        let id = objectCount
        objectCount += 1
        classChain(chain)
        return id
    }

    /// An NSString object: `+` group with the UTF-8 bytes (FORMATS.md D.8). Returns its id.
    @discardableResult
    public mutating func nsString(_ s: String) -> Int {
        let id = beginObject([("NSString", 1), ("NSObject", 0)])
        types("+")
        unshared(s)
        endObject()
        return id
    }
}
