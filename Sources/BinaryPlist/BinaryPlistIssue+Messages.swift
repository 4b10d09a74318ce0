import ArchiveCore

extension BinaryPlistIssue {
    /// The lowercase, specific message of the `--check` line.
    var message: String {
        switch self {
        case .headerMagicDamaged(let bytes):
            "the header reads \(hex(bytes)), not \"bplist00\"; the trailer and offset table fit this file exactly, so it is read as a bplist whose first bytes were overwritten (every reader refuses it as it is)"
        case .headerVersion(let bytes):
            "header version bytes are \(hex(bytes)), not \"00\": CF accepts any bplist0?, Python and rust-plist reject it"
        case .fileTooShort(let length):
            "file is \(English.count(length, "byte")); a bplist needs at least 41 (8 header + 1 object + 32 trailer)"
        case .trailerUnusedNonzero(let bytes):
            "trailer bytes 0–5 (unused, sort version) are not zero: \(hex(bytes))"
        case .trailerWidthUnreadable(let field, let value):
            "\(name(field)) is \(value); it must be at least 1 (and this tool reads up to 16)"
        case .trailerWidthUnusual(let field, let value):
            "\(name(field)) is \(value); Apple's writer uses 1, 2, 4 or 8, CF reads any width"
        case .trailerTableOffset(let offset, let areaEnd):
            "offset table offset \(offset) is outside the object area [9, \(areaEnd))"
        case .trailerNoObjects:
            "trailer claims 0 objects"
        case .trailerSizeMismatch(let length, let implied, let tableOffset, let objects, let width, let tableBytes):
            "file is \(English.count(length, "byte")) but the trailer implies \(implied.map(String.init) ?? "an impossible size") "
                + "(table at \(tableOffset) + \(English.count(objects, "object")) × \(ValueFormatter.byteCount(width)) = \(tableBytes.map(String.init) ?? "more than 2^64") + 32-byte trailer)"
        case .trailerTopObject(let top, let objects):
            "top object \(top) is out of range (the table has \(English.count(Int(clamping: objects), "object")))"
        case .trailerTopObjectNonzero(let top):
            "top object is \(top); CF's writer always uses 0"
        case .trailerTopObjectOffset(let top, let offset, let tableOffset):
            "top object \(top) starts at offset \(offset), outside the object area [8, \(tableOffset))"
        case .trailerRefSizeTooSmall(let width, let objects):
            "object ref size \(width) cannot address \(English.count(objects, "object"))"
        case .trailerOffsetSizeTooSmall(let width, let tableOffset):
            "offset int size \(width) cannot express the table offset \(tableOffset)"
        case .tableTruncated(let claimed, let fits, let tableOffset):
            "offset table claims \(English.count(Int(clamping: claimed), "entry", plural: "entries")) but only \(fits) "
                + "\(fits == 1 ? "fits" : "fit") between offset \(tableOffset) and the trailer; objects \(fits) and above are unreadable"
        case .trailerCut(let cut, let lostFields, let entries, let width, let tableOffset):
            "the file is \(English.count(cut, "byte")) short: its 32-byte trailer lacks \(lostFields); "
                + "read with the offset table found before it (\(English.count(entries, "entry", plural: "entries")) of \(English.count(width, "byte")) at offset \(tableOffset)), "
                + "CF rejects the file"
        case .trailerFieldDamaged(let field, let stored, let repaired):
            "the trailer's \(field) is \(stored), but the offset table before the trailer says \(repaired): the field is damaged "
                + "(CF rejects the file); read with \(repaired)"
        case .scanNothing:
            "the offset table is unusable and no object could be decoded at offset 8"
        case .scanRecovered(let objects, let end):
            "the offset table is unusable; recovered \(English.count(objects, "object")) by scanning from offset 8 to \(end) "
                + "(object numbers and references are a best guess)"
        default:
            objectMessage
        }
    }

    /// Messages of problems in one object.
    private var objectMessage: String {
        switch self {
        case .offsetOutsideArea(let object, let offset, let areaEnd):
            "object \(object) has offset \(offset), outside the object area [8, \(areaEnd))"
        case .markerV1xOnly(let marker, let type):
            "marker 0x\(byteHex(marker)) (\(type)) exists only in bplist v1x; CF's bplist00 reader rejects it"
        case .markerUnknown(let marker, let offset):
            "unknown object marker 0x\(byteHex(marker)) at offset \(offset)"
        case .markerNull:
            "null object (0x00): CF reads it in bplist00, Python gives None, rust-plist rejects it"
        case .markerFill:
            "fill byte 0x0f used as an object: CF rejects it"
        case .objectOverruns(let what, let start, let needed, let from, let areaEnd):
            "\(what) at offset \(start) needs \(English.count(needed, "byte")) from offset \(from) but the object area ends at \(areaEnd)"
        case .intBadWidth(let nibble):
            "integer marker 0x1\(String(nibble, radix: 16)) claims \(1 << Swift.min(nibble, 20)) bytes; CF reads at most 16"
        case .intHighBitsDropped(let high):
            "16-byte integer has a non-zero high half (0x\(String(high, radix: 16))); CF keeps only the low 64 bits, Python reads it signed"
        case .realBadWidth(let nibble):
            "real marker 0x2\(String(nibble, radix: 16)) is not 0x22 (float) or 0x23 (double); CF rejects it"
        case .dateBadMarker(let marker):
            "date marker must be exactly 0x33, found 0x\(byteHex(marker)); CF rejects it"
        case .uidTooLarge(let value):
            "UID \(value.map(String.init) ?? "wider than 64 bits") exceeds 2^32-1; CF and libplist reject it, Python accepts it"
        case .uidOddWidth(let width):
            "UID stored in \(English.count(width, "byte")); CF and Python write 1, 2, 4 or 8"
        case .countMissing(let offset):
            "count extension after the marker at offset \(offset) is missing"
        case .countBadMarker(let offset, let marker):
            "count extension at offset \(offset) has marker 0x\(byteHex(marker)); CF requires an integer (0x10–0x14)"
        case .countAboveLongMax(let count):
            "count \(count) exceeds LONG_MAX"
        case .countBeyondArea(let counted, let count, let available, let areaEnd):
            "\(counted.rawValue) claims \(English.count(Int(clamping: count), counted == .utf16String ? "UTF-16 unit" : "byte")) "
                + "but only \(English.count(available, "byte")) \(available == 1 ? "remains" : "remain") before offset \(areaEnd)"
        case .entriesBeyondArea(let counted, let count, let available, let areaEnd):
            "\(counted.rawValue) claims \(English.count(Int(clamping: count), "entry", plural: "entries")) but only \(available) "
                + "\(available == 1 ? "fits" : "fit") before offset \(areaEnd); reading \(available)"
        case .stringNonASCII(let byte, let offset):
            "ASCII string has byte 0x\(byteHex(byte)) at offset \(offset); CF and Python reject it (shown as UTF-8)"
        case .stringUnpairedSurrogate(let count):
            "UTF-16 string has \(English.count(count, "unpaired surrogate")), shown as U+FFFD; "
                + "CF accepts \(count == 1 ? "it" : "them"), Python and rust-plist fail"
        case .refOutOfRange(let ref, let objects):
            "object reference \(ref) is out of range (the table has \(English.count(objects, "object")))"
        case .refsOutOfRangeMore(let count, let counted):
            "\(count) more \(English.noun(count, "reference")) in this \(counted.rawValue) \(count == 1 ? "is" : "are") out of range"
        case .dictContainerKey(let index, let key, let marker):
            "dictionary key \(index) is object \(key), a container (marker 0x\(byteHex(marker))); CF rejects it"
        case .dictNonStringKey(let index, let key, let marker):
            "dictionary key \(index) is object \(key), not a string (marker 0x\(byteHex(marker))); CF accepts it, most consumers expect strings"
        default:
            fileMessage
        }
    }

    /// Messages of the whole-file check.
    private var fileMessage: String {
        switch self {
        case .bytesUnreferenced(let start, let end):
            "\(English.count(end - start, "byte")) at [\(start), \(end)) \(end - start == 1 ? "belongs" : "belong") to no object"
        case .offsetDuplicate(let first, let object, let offset):
            "objects \(first) and \(object) share offset \(offset) (CF allows it; Apple's writer never does this)"
        case .objectOverlap(let object, let range, let other, let otherRange):
            "object \(object) at \(range) overlaps object \(other) at \(otherRange)"
        case .containerCycle(let object, let child, let position):
            "object \(object) refers to object \(child) (\(position)), which contains it: a container cycle (CF rejects it)"
        case .depthExceeded(let limit, let object):
            "containers nest deeper than \(limit) levels at object \(object) (CF's macOS limit)"
        case .objectUnreferenced(let object):
            "object \(object) is not reachable from the top object"
        case .offsetDamaged(let object, let entry, let expected):
            "the offset-table entry of object \(object) reads \(entry), but its neighbours place object \(object) at \(expected): the entry is damaged"
        case .objectLengthDamaged(let object, let type, let length, let space):
            "object \(object) (\(English.article(type))) is \(English.count(length, "byte")) by its marker and count, but its neighbours leave it \(space): its marker or count is damaged"
        case .objectsUnreferencedMore(let count, let first):
            "\(count) more \(English.noun(count, "object")) \(count == 1 ? "is" : "are") not reachable from the top object "
                + "(\(English.noun(first.count, "object")) \(first.map(String.init).joined(separator: ", "))\(count > first.count ? ", …" : ""))"
        default:
            code.rawValue
        }
    }

    private func hex(_ bytes: [UInt8]) -> String { bytes.map { byteHex($0) }.joined(separator: " ") }

    private func name(_ field: TrailerWidth) -> String { field == .offsetInt ? "offset int size" : "object ref size" }
}
