import ArchiveCore

/// Every diagnostic the binary plist decoder can report: its id, default severity and one-line
/// summary (the explanations are in `BinaryPlistCode+Explanations.swift`, the messages in
/// `BinaryPlistIssue+Messages.swift`).
///
/// Severity follows CF's reader (`CFBinaryPList.c`, FORMATS.md A.8): `.error` where
/// `__CFBinaryPlistGetTopLevelInfo` or `__CFBinaryPlistCreateObjectFiltered` fails on the file,
/// `.warning` where CF reads it but no Apple writer produces it and other readers fail or lose data,
/// `.note` where CF reads it and nothing is lost, or where Apple's own writer produces it.
package enum BinaryPlistCode: String, DiagnosticCatalog {
    // Header and trailer (checked when the file is opened).
    case headerVersion = "bplist.header.version"
    case headerMagicDamaged = "bplist.header.magic-damaged"
    case fileTooShort = "bplist.file.too-short"
    case trailerUnusedNonzero = "bplist.trailer.unused-nonzero"
    case trailerOffsetIntSize = "bplist.trailer.offset-int-size"
    case trailerObjectRefSize = "bplist.trailer.object-ref-size"
    case trailerTableOffset = "bplist.trailer.table-offset"
    case trailerNoObjects = "bplist.trailer.no-objects"
    case trailerSizeMismatch = "bplist.trailer.size-mismatch"
    case trailerTopObject = "bplist.trailer.top-object"
    case trailerTopObjectNonzero = "bplist.trailer.top-object-nonzero"
    case trailerTopObjectOffset = "bplist.trailer.top-object-offset"
    case trailerRefSizeTooSmall = "bplist.trailer.ref-size-too-small"
    case trailerOffsetSizeTooSmall = "bplist.trailer.offset-size-too-small"
    case tableTruncated = "bplist.table.truncated"
    case trailerCut = "bplist.trailer.cut"
    case trailerFieldDamaged = "bplist.trailer.field-damaged"
    case scanNothing = "bplist.scan.nothing"
    case scanRecovered = "bplist.scan.recovered"
    // One object (checked when it is decoded).
    case offsetInHeader = "bplist.offset.in-header"
    case offsetOutOfRange = "bplist.offset.out-of-range"
    case markerV1xOnly = "bplist.marker.v1x-only"
    case markerUnknown = "bplist.marker.unknown"
    case markerNull = "bplist.marker.null"
    case markerFill = "bplist.marker.fill"
    case objectOverruns = "bplist.object.overruns"
    case intBadWidth = "bplist.int.bad-width"
    case intHighBitsDropped = "bplist.int.high-bits-dropped"
    case realBadWidth = "bplist.real.bad-width"
    case dateBadMarker = "bplist.date.bad-marker"
    case uidTooLarge = "bplist.uid.too-large"
    case uidOddWidth = "bplist.uid.odd-width"
    case countMissing = "bplist.count.missing"
    case countBadMarker = "bplist.count.bad-marker"
    case countTooLarge = "bplist.count.too-large"
    case stringNonASCII = "bplist.string.non-ascii"
    case stringUnpairedSurrogate = "bplist.string.unpaired-surrogate"
    case refOutOfRange = "bplist.ref.out-of-range"
    case dictContainerKey = "bplist.dict.container-key"
    case dictNonStringKey = "bplist.dict.non-string-key"
    // The whole file (the full check).
    case bytesUnreferenced = "bplist.bytes.unreferenced"
    case offsetDuplicate = "bplist.offset.duplicate"
    case objectOverlap = "bplist.object.overlap"
    case containerCycle = "bplist.container.cycle"
    case depthExceeded = "bplist.depth.exceeded"
    case objectUnreferenced = "bplist.object.unreferenced"
    // Root causes behind several of the above (the chain audit).
    case offsetDamaged = "bplist.offset.damaged"
    case objectLengthDamaged = "bplist.object.length-damaged"

    /// The default severity. `trailerOffsetIntSize` and `trailerObjectRefSize` are errors for a width CF
    /// cannot read (0) and notes, per instance, for a readable width Apple's writer does not use (3, 5…).
    package var severity: Severity {
        switch self {
        // An unpaired surrogate is a note: CF's writer stores a CFString's UTF-16 units as they are and its
        // reader accepts them, so Apple's own tools produce and read it.
        case .trailerUnusedNonzero, .trailerTopObjectNonzero, .markerNull, .uidOddWidth, .stringUnpairedSurrogate,
             .bytesUnreferenced, .objectUnreferenced:
            .note
        case .headerVersion, .scanRecovered, .intHighBitsDropped, .dictNonStringKey, .offsetDuplicate, .objectOverlap:
            .warning
        // Among the errors, `stringNonASCII`: CF builds the string with the ASCII encoding, which fails on a
        // byte of 0x80 or more, and the whole file with it.
        default:
            .error
        }
    }

    package var summary: String {
        switch self {
        case .headerVersion: "the header is not \"bplist00\" but another bplist0? version"
        case .headerMagicDamaged: "the first bytes are not \"bplist\", but the trailer and offset table are a bplist's"
        case .fileTooShort: "the file is shorter than the 41 bytes of the smallest binary plist"
        case .trailerUnusedNonzero: "the trailer's unused and sort-version bytes are not zero"
        case .trailerOffsetIntSize: "the trailer's offset-table entry width is unreadable or unusual"
        case .trailerObjectRefSize: "the trailer's object-reference width is unreadable or unusual"
        case .trailerTableOffset: "the trailer's offset-table offset lies outside the object area"
        case .trailerNoObjects: "the trailer claims 0 objects"
        case .trailerSizeMismatch: "the file's length differs from the one the trailer implies"
        case .trailerTopObject: "the trailer's top object number is not in the offset table"
        case .trailerTopObjectNonzero: "the top object is not object 0, as Apple's writer always makes it"
        case .trailerTopObjectOffset: "the top object's offset lies outside the object area"
        case .trailerRefSizeTooSmall: "object references are too narrow to number every object"
        case .trailerOffsetSizeTooSmall: "offset-table entries are too narrow to reach the offset table"
        case .tableTruncated: "the offset table has fewer entries than the trailer claims"
        case .trailerCut: "the file ends inside its trailer; the layout was rebuilt from the offset table"
        case .trailerFieldDamaged: "the trailer's table offset or object count is damaged; the whole table before the trailer gives it"
        case .scanNothing: "the offset table is unusable and no object could be found by scanning"
        case .scanRecovered: "the offset table is unusable; objects were found by scanning"
        case .offsetInHeader: "an object's offset points into the 8-byte header"
        case .offsetOutOfRange: "an object's offset points past the object area"
        case .markerV1xOnly: "a marker of the unreleased bplist v1x format, which CF's bplist00 reader rejects"
        case .markerUnknown: "a marker byte that starts no object type"
        case .markerNull: "a null object (0x00), which CF reads but Python and rust-plist do not"
        case .markerFill: "a fill byte (0x0f) used as an object"
        case .objectOverruns: "an object's payload runs past the end of the object area"
        case .intBadWidth: "an integer marker claims more than 16 bytes"
        case .intHighBitsDropped: "a 16-byte integer has a non-zero high half, which CF drops"
        case .realBadWidth: "a real marker is not 0x22 (float) or 0x23 (double)"
        case .dateBadMarker: "a date marker is not exactly 0x33"
        case .uidTooLarge: "a UID does not fit in 32 bits"
        case .uidOddWidth: "a UID is stored in a width Apple's writer does not use"
        case .countMissing: "the count extension after a marker is missing"
        case .countBadMarker: "the count extension is not an integer object"
        case .countTooLarge: "a count is larger than the bytes that follow it"
        case .stringNonASCII: "an ASCII string holds a byte of 0x80 or more"
        case .stringUnpairedSurrogate: "a UTF-16 string holds unpaired surrogates"
        case .refOutOfRange: "an object reference is not a number in the offset table"
        case .dictContainerKey: "a dictionary key is an array, set or dictionary"
        case .dictNonStringKey: "a dictionary key is a number, date or other non-string"
        case .bytesUnreferenced: "bytes of the object area that belong to no object"
        case .offsetDuplicate: "two offset-table entries point at the same object"
        case .objectOverlap: "an object starts inside another object"
        case .containerCycle: "a container contains itself"
        case .depthExceeded: "containers nest deeper than CF's limit of 512"
        case .objectUnreferenced: "an object the top object does not reach"
        case .offsetDamaged: "an offset-table entry is damaged: the object it should name lies elsewhere"
        case .objectLengthDamaged: "an object's marker or count is damaged: its length does not fit between its neighbours"
        }
    }
}
