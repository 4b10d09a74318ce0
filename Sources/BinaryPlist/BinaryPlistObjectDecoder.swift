import ArchiveCore

/// Decodes single bplist00 objects at their offsets (FORMATS.md A.4–A.7). Every problem becomes a
/// diagnostic on the node; nothing here traps on input.
package struct BinaryPlistObjectDecoder {
    let input: InputBytes
    let layout: BinaryPlistLayout
    /// False for whole-file checks: strings and data are validated but not built (an empty value is
    /// returned), which saves an allocation per object.
    var materialize = true
    /// Where long strings and data of objects decoded by id are kept (see `BinaryPlistLeafCache`).
    var leaves: BinaryPlistLeafCache? = nil

    // No initialiser in the type's body: the implicit memberwise one builds a decoder in place, where an
    // explicit one cost every decoder made per object an extra copy (retains and releases of its input,
    // layout and cache), 1-2% of a binary plist's read. Other targets use `validating(input:layout:)`.

    /// A decoder that validates strings and data without building them (`materialize` false), for a
    /// whole-file pass in another target.
    package static func validating(input: InputBytes, layout: BinaryPlistLayout) -> BinaryPlistObjectDecoder {
        BinaryPlistObjectDecoder(input: input, layout: layout, materialize: false)
    }

    /// Accumulates the node being decoded.
    struct Context {
        let id: Int?
        let start: Int
        var diagnostics: [Diagnostic] = []
        mutating func add(_ issue: BinaryPlistIssue, _ range: ByteRange) {
            diagnostics.append(Diagnostic(issue, range: range, object: id))
        }
    }

    /// The end offset of the object at `offset`, or nil when no object can be decoded there.
    static func extent(_ input: InputBytes, layout: BinaryPlistLayout, at offset: Int) -> Int? {
        let node = BinaryPlistObjectDecoder(input: input, layout: layout).decode(at: offset, id: nil)
        if case .invalid = node.value { return nil }
        return node.range?.end
    }

    /// The node for object `id`.
    package func decode(id: Int) -> PlistNode {
        guard let offset = layout.offset(of: id, in: input) else {
            return PlistNode(.invalid("object \(id) does not exist (the table has \(English.count(layout.objectCount, "object")))"), range: nil)
        }
        guard offset >= 8, offset < layout.objectAreaEnd else {
            let issue = BinaryPlistIssue.offsetOutsideArea(object: id, offset: offset, areaEnd: layout.objectAreaEnd)
            let d = Diagnostic(issue, range: layout.tableEntryRange(of: id), object: id)
            return PlistNode(.invalid(issue.message), range: nil, diagnostics: [d])
        }
        return decode(at: offset, id: id)
    }

    /// The node whose marker byte is at `offset`.
    func decode(at offset: Int, id: Int?) -> PlistNode {
        var context = Context(id: id, start: offset)
        guard let marker = input.byte(at: offset) else {
            return PlistNode(.invalid("offset \(offset) is past the end of the file"), range: nil)
        }
        if let leaves, let id, BinaryPlistLeafCache.mayBeLong(marker: marker) {
            return leaves.node(id) { decodeNode(marker: marker, at: offset, &context) }
        }
        return decodeNode(marker: marker, at: offset, &context)
    }

    private func decodeNode(marker: UInt8, at offset: Int, _ context: inout Context) -> PlistNode {
        let (value, end) = decodeValue(marker: marker, at: offset, &context)
        // A malformed marker's nominal length (a real of 2^8 bytes) can reach past the end of the file;
        // the node's bytes end where the input does (its marker was read, so offset < input.count).
        let clampedEnd = Swift.min(Swift.max(end, offset + 1), input.count)
        return PlistNode(value, range: ByteRange(offset, clampedEnd), diagnostics: context.diagnostics)
    }

    private func decodeValue(marker: UInt8, at offset: Int, _ c: inout Context) -> (PlistValue, Int) {
        let nibble = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0: return decodeSimple(marker, offset, &c)
        case 0x1: return decodeInteger(nibble, offset, &c)
        case 0x2: return decodeReal(nibble, offset, &c)
        case 0x3: return decodeDate(marker, offset, &c)
        case 0x4: return decodeData(nibble, offset, &c)
        case 0x5: return decodeString(nibble, offset, unitSize: 1, &c)
        case 0x6: return decodeString(nibble, offset, unitSize: 2, &c)
        case 0x7:
            c.add(.markerV1xOnly(marker: marker, type: "UTF-8 string"), ByteRange(offset, offset + 1))
            return decodeString(nibble, offset, unitSize: 0, &c)
        case 0x8: return decodeUID(nibble, offset, &c)
        case 0xA: return decodeContainer(.array, nibble, offset, &c)
        case 0xB:
            c.add(.markerV1xOnly(marker: marker, type: "ordered set"), ByteRange(offset, offset + 1))
            return decodeContainer(.array, nibble, offset, &c)
        case 0xC: return decodeContainer(.set, nibble, offset, &c)
        case 0xD: return decodeContainer(.dict, nibble, offset, &c)
        default:
            let issue = BinaryPlistIssue.markerUnknown(marker: marker, offset: offset)
            c.add(issue, ByteRange(offset, offset + 1))
            return (.invalid(issue.message), offset + 1)
        }
    }

    private func decodeSimple(_ marker: UInt8, _ offset: Int, _ c: inout Context) -> (PlistValue, Int) {
        let one = ByteRange(offset, offset + 1)
        switch marker {
        case 0x08: return (.bool(false), offset + 1)
        case 0x09: return (.bool(true), offset + 1)
        case 0x00:
            c.add(.markerNull, one)
            return (.null, offset + 1)
        case 0x0F:
            c.add(.markerFill, one)
            return (.fill, offset + 1)
        case 0x0C, 0x0D, 0x0E:
            let issue = BinaryPlistIssue.markerV1xOnly(marker: marker, type: marker == 0x0E ? "UUID" : "URL")
            c.add(issue, one)
            return (.invalid(issue.message), offset + 1)
        default:
            let issue = BinaryPlistIssue.markerUnknown(marker: marker, offset: offset)
            c.add(issue, one)
            return (.invalid(issue.message), offset + 1)
        }
    }
}
