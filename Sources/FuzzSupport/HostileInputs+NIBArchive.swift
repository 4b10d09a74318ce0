import ArchiveModel

/// Hostile NIBArchives (issue 26 item 5): counts near 2^32, tables outside the file or inside the
/// header, varints of 10 bytes, objects referring to themselves, reference chains a million long,
/// objects that all claim the same values, and a collection of a million elements. Large inputs are
/// written with plain loops (the builder is slow in debug builds for millions of entries).
extension HostileInputs {
    /// The NIBArchive entries of the catalogue.
    public static func nibCatalogue(depth: Int) -> [Input] {
        [
            Input(name: "nib counts near 2^32", bytes: nibCounts(.max)),
            Input(name: "nib tables past the end of the file", bytes: nibOffsets(.max)),
            Input(name: "nib value table pointing into the header", bytes: nibValuesInHeader()),
            Input(name: "nib varints of 10 bytes", bytes: nibTenByteVarints(count: 1_000)),
            Input(name: "nib objects referring to themselves", bytes: nibSelfReferences(count: 1_000)),
            Input(name: "nib chain of \(depth) references", bytes: nibChain(depth: depth)),
            Input(name: "nib of 4,000 objects claiming the same 4,000 values", bytes: nibSharedValues(objects: 4_000, values: 4_000)),
            Input(name: "nib array of \(depth) elements", bytes: nibArray(count: depth)),
        ]
    }

    /// A small sound nib whose four header counts are all `count`.
    public static func nibCounts(_ count: UInt32) -> [UInt8] {
        var b = NIBArchiveBuilder.sample()
        for kind in NIBTableKind.allCases { b.countOverride[kind] = count }
        return b.build().bytes
    }

    /// A small sound nib whose four table offsets are all `offset`.
    public static func nibOffsets(_ offset: UInt32) -> [UInt8] {
        var b = NIBArchiveBuilder.sample()
        for kind in NIBTableKind.allCases { b.offsetOverride[kind] = offset }
        return b.build().bytes
    }

    /// A small nib whose value table starts at offset 0: the signature and header are read as values.
    public static func nibValuesInHeader() -> [UInt8] {
        var b = NIBArchiveBuilder.sample()
        b.offsetOverride[.values] = 0
        return b.build().bytes
    }

    /// `count` objects whose class index, first value and value count are 10-byte varints (each just
    /// inside 64 bits: 2^63), then one of 11 bytes.
    public static func nibTenByteVarints(count: Int) -> [UInt8] {
        let ten: [UInt8] = [UInt8](repeating: 0, count: 9) + [0x81]
        var body: [UInt8] = []
        for _ in 0..<count { body += ten + ten + ten }
        body += [UInt8](repeating: 0, count: 11)
        return nib(objects: count + 1, objectBytes: body, keys: [Array("k".utf8)], values: [], classes: ["NSObject"])
    }

    /// `count` objects, each with one value referring to itself.
    public static func nibSelfReferences(count: Int) -> [UInt8] {
        var objects: [UInt8] = [], values: [[UInt8]] = []
        for i in 0..<count {
            objects += NIBArchiveBuilder.varint(0) + NIBArchiveBuilder.varint(UInt64(i)) + NIBArchiveBuilder.varint(1)
            values.append([0x80, 10] + NIBArchiveBuilder.le(UInt64(i), 4))
        }
        return nib(objects: count, objectBytes: objects, keys: [Array("self".utf8)], values: values, classes: ["Node"])
    }

    /// `depth` objects, each referring to the next under `next`; the last refers to nil.
    public static func nibChain(depth: Int) -> [UInt8] {
        var objects: [UInt8] = [], values: [[UInt8]] = []
        objects.reserveCapacity(depth * 8)
        values.reserveCapacity(depth)
        for i in 0..<depth {
            objects += NIBArchiveBuilder.varint(0) + NIBArchiveBuilder.varint(UInt64(i)) + NIBArchiveBuilder.varint(1)
            values.append(i + 1 < depth ? [0x80, 10] + NIBArchiveBuilder.le(UInt64(i + 1), 4) : [0x80, 9])
        }
        return nib(objects: depth, objectBytes: objects, keys: [Array("next".utf8)], values: values, classes: ["Node"])
    }

    /// `objects` objects that all list the same `values` values (each an object reference to the next object).
    public static func nibSharedValues(objects: Int, values: Int) -> [UInt8] {
        var table: [UInt8] = []
        for _ in 0..<objects { table += NIBArchiveBuilder.varint(0) + NIBArchiveBuilder.varint(0) + NIBArchiveBuilder.varint(UInt64(values)) }
        let entries = (0..<values).map { [0x80, 10] + NIBArchiveBuilder.le(UInt64(($0 + 1) % objects), 4) }
        return nib(objects: objects, objectBytes: table, keys: [Array("k".utf8)], values: entries, classes: ["NSObject"])
    }

    /// A root array of `count` elements, all the same empty object.
    public static func nibArray(count: Int) -> [UInt8] {
        let objects = NIBArchiveBuilder.varint(0) + NIBArchiveBuilder.varint(0) + NIBArchiveBuilder.varint(UInt64(count + 1))
            + NIBArchiveBuilder.varint(1) + NIBArchiveBuilder.varint(UInt64(count + 1)) + NIBArchiveBuilder.varint(0)
        var values: [[UInt8]] = [[0x80, 5]]
        values.reserveCapacity(count + 1)
        let element: [UInt8] = [0x81, 10] + NIBArchiveBuilder.le(1, 4)
        for _ in 0..<count { values.append(element) }
        return nib(objects: 2, objectBytes: objects, keys: [Array("NSInlinedValue".utf8), Array("UINibEncoderEmptyKey".utf8)],
                   values: values, classes: ["NSArray", "NSObject"])
    }

    /// A NIBArchive from pre-encoded tables: the header, then the four tables back to back.
    static func nib(objects: Int, objectBytes: [UInt8], keys: [[UInt8]], values: [[UInt8]], classes: [String]) -> [UInt8] {
        var out = Array("NIBArchive".utf8) + NIBArchiveBuilder.le(1, 4) + NIBArchiveBuilder.le(10, 4)
        out += [UInt8](repeating: 0, count: 32)
        var tables: [(count: Int, offset: Int)] = []
        tables.append((objects, out.count))
        out += objectBytes
        tables.append((keys.count, out.count))
        for k in keys { out += NIBArchiveBuilder.varint(UInt64(k.count)) + k }
        tables.append((values.count, out.count))
        for v in values { out += v }
        tables.append((classes.count, out.count))
        for c in classes { out += NIBArchiveBuilder.varint(UInt64(c.utf8.count + 1)) + [0x80] + Array(c.utf8) + [0] }
        for (i, t) in tables.enumerated() {
            out.replaceSubrange((18 + 8 * i)..<(22 + 8 * i), with: NIBArchiveBuilder.le(UInt64(t.count), 4))
            out.replaceSubrange((22 + 8 * i)..<(26 + 8 * i), with: NIBArchiveBuilder.le(UInt64(t.offset), 4))
        }
        return out
    }
}
