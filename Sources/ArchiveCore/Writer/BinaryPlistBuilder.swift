/// Writes bplist00 bytes from a flat object table, recording where every object lands. Used for the
/// built-in demo archives and for test fixtures with exact, named offsets; it can also write
/// deliberately odd files (any ref/offset width, raw markers, a custom trailer).
package struct BinaryPlistBuilder {
    /// One object of the table; containers hold object indices.
    package enum Object: Sendable {
        case null, bool(Bool), integer(Int64), bigInteger(UInt64), real(Double), float(Float), date(Double)
        case data([UInt8]), string(String), uid(UInt64)
        case array([Int]), set([Int]), dict([(key: Int, value: Int)])
        /// Bytes written verbatim as the object (for malformed fixtures).
        case raw([UInt8])
    }

    package var objects: [Object] = []
    package var topObject = 0
    /// Reference width R; nil picks the smallest of 1, 2, 4, 8.
    package var objectRefSize: Int?
    /// Offset width O; nil picks the smallest of 1, 2, 4, 8.
    package var offsetIntSize: Int?

    package init() {}

    /// Appends an object and returns its index.
    @discardableResult
    package mutating func add(_ object: Object) -> Int {
        objects.append(object)
        return objects.count - 1
    }

    /// The file, with each object's byte range and the trailer's offset.
    package func build() -> (bytes: [UInt8], ranges: [ByteRange], trailerOffset: Int, tableOffset: Int) {
        let r = objectRefSize ?? Self.width(for: UInt64(objects.count))
        var out = Array("bplist00".utf8)
        var ranges: [ByteRange] = []
        for object in objects {
            let start = out.count
            Self.append(object, refSize: r, to: &out)
            ranges.append(ByteRange(start, out.count))
        }
        let table = out.count
        let o = offsetIntSize ?? Self.width(for: UInt64(table))
        for range in ranges { Self.appendBE(UInt64(range.start), width: o, to: &out) }
        let trailer = out.count
        out += [0, 0, 0, 0, 0, 0, UInt8(o), UInt8(r)]
        Self.appendBE(UInt64(objects.count), width: 8, to: &out)
        Self.appendBE(UInt64(topObject), width: 8, to: &out)
        Self.appendBE(UInt64(table), width: 8, to: &out)
        return (out, ranges, trailer, table)
    }

    package static func width(for value: UInt64) -> Int {
        value < 1 << 8 ? 1 : value < 1 << 16 ? 2 : value < 1 << 32 ? 4 : 8
    }

    package static func appendBE(_ value: UInt64, width: Int, to out: inout [UInt8]) {
        for i in stride(from: width - 1, through: 0, by: -1) {
            out.append(i >= 8 ? 0 : UInt8(truncatingIfNeeded: value >> (8 * UInt64(i))))
        }
    }

    /// Marker with a count in the low nibble, or 0xF plus an integer object.
    static func appendHeader(_ type: UInt8, count: Int, to out: inout [UInt8]) {
        if count < 15 {
            out.append(type << 4 | UInt8(count))
        } else {
            out.append(type << 4 | 0xF)
            let w = width(for: UInt64(count))
            out.append(0x10 | UInt8(w == 1 ? 0 : w == 2 ? 1 : w == 4 ? 2 : 3))
            appendBE(UInt64(count), width: w, to: &out)
        }
    }

    package static func append(_ object: Object, refSize r: Int, to out: inout [UInt8]) {
        switch object {
        case .null: out.append(0x00)
        case .bool(let b): out.append(b ? 0x09 : 0x08)
        case .integer(let i):
            if i < 0 { out.append(0x13); appendBE(UInt64(bitPattern: i), width: 8, to: &out); return }
            let w = width(for: UInt64(i))
            out.append(0x10 | UInt8(w == 1 ? 0 : w == 2 ? 1 : w == 4 ? 2 : 3))
            appendBE(UInt64(i), width: w, to: &out)
        case .bigInteger(let u): out.append(0x14); appendBE(0, width: 8, to: &out); appendBE(u, width: 8, to: &out)
        case .real(let d): out.append(0x23); appendBE(d.bitPattern, width: 8, to: &out)
        case .float(let f): out.append(0x22); appendBE(UInt64(f.bitPattern), width: 4, to: &out)
        case .date(let t): out.append(0x33); appendBE(t.bitPattern, width: 8, to: &out)
        case .data(let bytes): appendHeader(0x4, count: bytes.count, to: &out); out += bytes
        case .string(let s):
            if s.utf8.allSatisfy({ $0 < 0x80 }) {
                appendHeader(0x5, count: s.utf8.count, to: &out); out += Array(s.utf8)
            } else {
                let units = Array(s.utf16)
                appendHeader(0x6, count: units.count, to: &out)
                for u in units { appendBE(UInt64(u), width: 2, to: &out) }
            }
        case .uid(let u):
            let w = width(for: u)
            out.append(0x80 | UInt8(w - 1)); appendBE(u, width: w, to: &out)
        case .array(let ids): appendHeader(0xA, count: ids.count, to: &out); for id in ids { appendBE(UInt64(id), width: r, to: &out) }
        case .set(let ids): appendHeader(0xC, count: ids.count, to: &out); for id in ids { appendBE(UInt64(id), width: r, to: &out) }
        case .dict(let pairs):
            appendHeader(0xD, count: pairs.count, to: &out)
            for p in pairs { appendBE(UInt64(p.key), width: r, to: &out) }
            for p in pairs { appendBE(UInt64(p.value), width: r, to: &out) }
        case .raw(let bytes): out += bytes
        }
    }
}
