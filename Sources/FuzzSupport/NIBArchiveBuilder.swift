import ArchiveModel

/// Builds NIBArchive bytes for tests and fuzz seeds, sound or damaged, and records named offsets so a
/// test can assert exact byte ranges.
///
/// The tables are kept as raw entries (indices and type bytes as numbers), so any inconsistency can be
/// written; `object(_:_:)` adds an object the way ibtool would, reusing keys and class names. The
/// layout is ibtool's: header, objects, keys, values, class names, back to back (FORMATS.md E).
public struct NIBArchiveBuilder: Sendable {
    public struct ObjectEntry: Sendable {
        public var classIndex: UInt64
        public var firstValue: UInt64
        public var valueCount: UInt64
        public init(classIndex: UInt64, firstValue: UInt64, valueCount: UInt64) {
            self.classIndex = classIndex
            self.firstValue = firstValue
            self.valueCount = valueCount
        }
    }

    public struct ValueEntry: Sendable {
        public var keyIndex: UInt64
        public var type: UInt8
        /// The bytes after the type byte (for data, the length varint is written by the builder).
        public var payload: [UInt8]
        public init(keyIndex: UInt64, type: UInt8, payload: [UInt8] = []) {
            self.keyIndex = keyIndex
            self.type = type
            self.payload = payload
        }
    }

    public struct ClassEntry: Sendable {
        /// The stored name bytes, including the terminating zero byte.
        public var name: [UInt8]
        public var extras: [UInt32]
        public init(name: [UInt8], extras: [UInt32] = []) {
            self.name = name
            self.extras = extras
        }
    }

    /// A value as `object(_:_:)` takes it.
    public enum Value: Sendable {
        case int8(Int8), int16(Int16), int32(Int32), int64(Int64)
        case bool(Bool)
        case float(Float), double(Double)
        case data([UInt8])
        /// UTF-8 bytes stored as data (NSString's `NS.bytes`).
        case string(String)
        case null
        case object(UInt32)
        /// Any type byte with any payload.
        case raw(type: UInt8, payload: [UInt8])
    }

    public var formatVersion: UInt32 = 1
    public var coderVersion: UInt32 = 10
    public var objects: [ObjectEntry] = []
    public var keys: [[UInt8]] = []
    public var values: [ValueEntry] = []
    public var classes: [ClassEntry] = []
    /// Header counts written instead of the real ones, by table.
    package var countOverride: [NIBTableKind: UInt32] = [:]
    /// Header offsets written instead of the real ones, by table.
    package var offsetOverride: [NIBTableKind: UInt32] = [:]
    /// Bytes appended after the last table.
    public var trailing: [UInt8] = []

    public init(coderVersion: UInt32 = 10) { self.coderVersion = coderVersion }

    /// The index of key `name`, added when new.
    public mutating func key(_ name: String) -> UInt64 {
        let bytes = Array(name.utf8)
        if let i = keys.firstIndex(of: bytes) { return UInt64(i) }
        keys.append(bytes)
        return UInt64(keys.count - 1)
    }

    /// The index of class `name`, added when new.
    public mutating func className(_ name: String) -> UInt64 {
        let bytes = Array(name.utf8) + [0]
        if let i = classes.firstIndex(where: { $0.name == bytes }) { return UInt64(i) }
        classes.append(ClassEntry(name: bytes))
        return UInt64(classes.count - 1)
    }

    /// Adds an object of class `className` with `fields` (its values, in order) and returns its id.
    @discardableResult
    public mutating func object(_ className: String, _ fields: [(String, Value)] = []) -> UInt32 {
        let classIndex = self.className(className)
        let first = UInt64(values.count)
        for (name, value) in fields { values.append(Self.entry(key(name), value)) }
        objects.append(ObjectEntry(classIndex: classIndex, firstValue: first, valueCount: UInt64(fields.count)))
        return UInt32(objects.count - 1)
    }

    /// Reserves an object id whose class and values `define(_:_:_:)` sets later (for references to
    /// objects written after the one referring).
    public mutating func reserve() -> UInt32 {
        objects.append(ObjectEntry(classIndex: 0, firstValue: 0, valueCount: 0))
        return UInt32(objects.count - 1)
    }

    /// Sets the class and values of a reserved object (its values go at the end of the value table).
    public mutating func define(_ id: UInt32, _ className: String, _ fields: [(String, Value)]) {
        let classIndex = self.className(className)
        let first = UInt64(values.count)
        for (name, value) in fields { values.append(Self.entry(key(name), value)) }
        objects[Int(id)] = ObjectEntry(classIndex: classIndex, firstValue: first, valueCount: UInt64(fields.count))
    }

    static func entry(_ key: UInt64, _ value: Value) -> ValueEntry {
        switch value {
        case .int8(let v): ValueEntry(keyIndex: key, type: 0, payload: le(UInt64(UInt8(bitPattern: v)), 1))
        case .int16(let v): ValueEntry(keyIndex: key, type: 1, payload: le(UInt64(UInt16(bitPattern: v)), 2))
        case .int32(let v): ValueEntry(keyIndex: key, type: 2, payload: le(UInt64(UInt32(bitPattern: v)), 4))
        case .int64(let v): ValueEntry(keyIndex: key, type: 3, payload: le(UInt64(bitPattern: v), 8))
        case .bool(let b): ValueEntry(keyIndex: key, type: b ? 5 : 4)
        case .float(let f): ValueEntry(keyIndex: key, type: 6, payload: le(UInt64(f.bitPattern), 4))
        case .double(let d): ValueEntry(keyIndex: key, type: 7, payload: le(d.bitPattern, 8))
        case .data(let bytes): ValueEntry(keyIndex: key, type: 8, payload: bytes)
        case .string(let s): ValueEntry(keyIndex: key, type: 8, payload: Array(s.utf8))
        case .null: ValueEntry(keyIndex: key, type: 9)
        case .object(let id): ValueEntry(keyIndex: key, type: 10, payload: le(UInt64(id), 4))
        case .raw(let type, let payload): ValueEntry(keyIndex: key, type: type, payload: payload)
        }
    }

    /// `width` little-endian bytes of `v`.
    public static func le(_ v: UInt64, _ width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) }
    }

    /// The NIBArchive variable-length form of `v`: 7 bits a byte, least significant first, the high
    /// bit set on the last byte.
    public static func varint(_ v: UInt64) -> [UInt8] {
        var out: [UInt8] = []
        var rest = v
        repeat {
            out.append(UInt8(rest & 0x7F))
            rest >>= 7
        } while rest != 0
        out[out.count - 1] |= 0x80
        return out
    }

    /// The bytes, and named offsets: `objects`, `keys`, `values`, `classNames` (where each table
    /// starts), `object.N`, `key.N`, `value.N`, `class.N` (each entry), `value.N.payload` (after the
    /// type byte; for data, after the length), `trailing` and `end`.
    public func build() -> (bytes: [UInt8], marks: [String: Int]) {
        var out = Array("NIBArchive".utf8) + Self.le(UInt64(formatVersion), 4) + Self.le(UInt64(coderVersion), 4)
        out += [UInt8](repeating: 0, count: 32)
        var marks: [String: Int] = [:]
        var tableOffsets: [NIBTableKind: Int] = [:]
        tableOffsets[.objects] = out.count
        for (i, o) in objects.enumerated() {
            marks["object.\(i)"] = out.count
            out += Self.varint(o.classIndex) + Self.varint(o.firstValue) + Self.varint(o.valueCount)
        }
        tableOffsets[.keys] = out.count
        for (i, k) in keys.enumerated() {
            marks["key.\(i)"] = out.count
            out += Self.varint(UInt64(k.count)) + k
        }
        tableOffsets[.values] = out.count
        for (i, v) in values.enumerated() {
            marks["value.\(i)"] = out.count
            out += Self.varint(v.keyIndex) + [v.type]
            if v.type == 8 { out += Self.varint(UInt64(v.payload.count)) }
            marks["value.\(i).payload"] = out.count
            out += v.payload
        }
        tableOffsets[.classNames] = out.count
        for (i, c) in classes.enumerated() {
            marks["class.\(i)"] = out.count
            out += Self.varint(UInt64(c.name.count)) + Self.varint(UInt64(c.extras.count))
            for e in c.extras { out += Self.le(UInt64(e), 4) }
            out += c.name
        }
        marks["trailing"] = out.count
        out += trailing
        marks["end"] = out.count
        let counts: [NIBTableKind: Int] = [.objects: objects.count, .keys: keys.count, .values: values.count, .classNames: classes.count]
        for kind in NIBTableKind.allCases {
            let field = 18 + 8 * kind.rawValue
            let count = countOverride[kind] ?? UInt32(truncatingIfNeeded: counts[kind] ?? 0)
            let offset = offsetOverride[kind] ?? UInt32(truncatingIfNeeded: tableOffsets[kind] ?? 0)
            out.replaceSubrange(field..<(field + 4), with: Self.le(UInt64(count), 4))
            out.replaceSubrange((field + 4)..<(field + 8), with: Self.le(UInt64(offset), 4))
            marks[Self.markName(kind)] = tableOffsets[kind]
        }
        return (out, marks)
    }

    static func markName(_ kind: NIBTableKind) -> String {
        switch kind {
        case .objects: "objects"
        case .keys: "keys"
        case .values: "values"
        case .classNames: "classNames"
        }
    }

    /// A small sound nib in ibtool's shape: a root whose `UINibTopLevelObjectsKey` array holds a view
    /// controller and whose `UINibConnectionsKey` array holds an outlet connection from the controller
    /// to its view, with a string, a number and one value of every type.
    public static func sample() -> NIBArchiveBuilder {
        var b = NIBArchiveBuilder()
        let root = b.reserve()
        let topLevel = b.reserve(), connections = b.reserve(), controller = b.reserve(), view = b.reserve()
        let connection = b.reserve(), label = b.reserve(), owner = b.reserve()
        b.define(root, "NSObject", [("UINibTopLevelObjectsKey", .object(topLevel)), ("UINibConnectionsKey", .object(connections))])
        b.define(topLevel, "NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .object(owner)),
                                       ("UINibEncoderEmptyKey", .object(controller))])
        b.define(connections, "NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .object(connection))])
        b.define(controller, "UIViewController", [("UIView", .object(view)), ("UITitle", .null)])
        b.define(view, "UIView", [("UIAlpha", .float(0.5)), ("UIOpaque", .bool(false)), ("UITag", .int8(-1)), ("UIWidth", .int16(320)),
                                  ("UIBig", .int32(100_000)), ("UIHuge", .int64(-5_000_000_000)), ("UIScale", .double(2.5)),
                                  ("UIBounds", .data([7] + le(0, 8) + le(0, 8) + le(Double(320).bitPattern, 8) + le(Double(480).bitPattern, 8)))])
        b.define(connection, "UIRuntimeOutletConnection", [("UISource", .object(controller)), ("UIDestination", .object(view)),
                                                          ("UILabel", .object(label))])
        b.define(label, "NSString", [("NS.bytes", .string("view"))])
        let identifier = b.stringObject("IBFilesOwner")
        b.define(owner, "UIProxyObject", [("UIProxiedObjectIdentifier", .object(identifier))])
        return b
    }

    /// Adds an NSString object holding `text` and returns its id.
    @discardableResult
    public mutating func stringObject(_ text: String) -> UInt32 {
        object("NSString", [("NS.bytes", .string(text))])
    }
}
