import ArchiveCore

/// Every problem the binary plist decoder reports, with the numbers its message needs: `code` gives the
/// registered id and default severity, `message` (in `BinaryPlistIssue+Messages.swift`) the text.
enum BinaryPlistIssue: Sendable, Equatable {
    /// The two width fields of the trailer (offset 6 and 7).
    enum TrailerWidth: Sendable, Equatable { case offsetInt, objectRef }
    /// What a count belongs to, for messages.
    enum Counted: String, Sendable, Equatable { case data, string, utf16String = "UTF-16 string", array, set, dictionary }

    // Header and trailer.
    case headerVersion(bytes: [UInt8])
    /// The magic is not `bplist`; the file was recognised by its trailer.
    case headerMagicDamaged(bytes: [UInt8])
    case fileTooShort(length: Int)
    case trailerUnusedNonzero(bytes: [UInt8])
    /// A width CF cannot read (0) or this tool does not (above 16).
    case trailerWidthUnreadable(TrailerWidth, value: Int)
    /// A width CF reads but Apple's writer never uses (3, 5, 6, 7, 9…16).
    case trailerWidthUnusual(TrailerWidth, value: Int)
    case trailerTableOffset(offset: UInt64, areaEnd: Int)
    case trailerNoObjects
    /// `implied` is nil when the trailer's numbers overflow 64 bits; `tableBytes` likewise.
    case trailerSizeMismatch(length: Int, implied: UInt64?, tableOffset: Int, objects: UInt64, width: Int, tableBytes: UInt64?)
    case trailerTopObject(top: UInt64, objects: UInt64)
    case trailerTopObjectNonzero(top: UInt64)
    case trailerTopObjectOffset(top: Int, offset: Int, tableOffset: Int)
    case trailerRefSizeTooSmall(width: Int, objects: UInt64)
    case trailerOffsetSizeTooSmall(width: Int, tableOffset: UInt64)
    case tableTruncated(claimed: UInt64, fits: UInt64, tableOffset: Int)
    /// A trailer field that disagrees with the whole table before the trailer; the table's value is used.
    case trailerFieldDamaged(field: String, stored: UInt64, repaired: Int)
    /// The file lost its last `cut` bytes, inside the trailer; the table and the surviving fields give the layout.
    case trailerCut(cut: Int, lostFields: String, entries: Int, width: Int, tableOffset: Int)
    case scanNothing
    case scanRecovered(objects: Int, end: Int)
    // One object.
    case offsetOutsideArea(object: Int, offset: Int, areaEnd: Int)
    case markerV1xOnly(marker: UInt8, type: String)
    case markerUnknown(marker: UInt8, offset: Int)
    case markerNull
    case markerFill
    case objectOverruns(what: String, start: Int, needed: Int, from: Int, areaEnd: Int)
    case intBadWidth(nibble: Int)
    case intHighBitsDropped(high: UInt64)
    case realBadWidth(nibble: Int)
    case dateBadMarker(marker: UInt8)
    /// `value` is nil when the UID is wider than 64 bits.
    case uidTooLarge(value: UInt64?)
    case uidOddWidth(width: Int)
    case countMissing(offset: Int)
    case countBadMarker(offset: Int, marker: UInt8)
    case countAboveLongMax(count: UInt64)
    /// A data or string count larger than the bytes left before the end of the object area.
    case countBeyondArea(Counted, count: UInt64, available: Int, areaEnd: Int)
    /// A container count larger than the references that fit; `available` entries are read.
    case entriesBeyondArea(Counted, count: UInt64, available: Int, areaEnd: Int)
    case stringNonASCII(byte: UInt8, offset: Int)
    case stringUnpairedSurrogate(count: Int)
    case refOutOfRange(ref: Int, objects: Int)
    case refsOutOfRangeMore(count: Int, in: Counted)
    case dictContainerKey(index: Int, key: Int, marker: UInt8)
    case dictNonStringKey(index: Int, key: Int, marker: UInt8)
    // The whole file.
    case bytesUnreferenced(start: Int, end: Int)
    case offsetDuplicate(first: Int, object: Int, offset: Int)
    case objectOverlap(object: Int, range: ByteRange, other: Int, otherRange: ByteRange)
    case containerCycle(object: Int, child: Int, position: String)
    case depthExceeded(limit: Int, object: Int)
    case objectUnreferenced(object: Int)
    /// An offset-table entry that the object chain shows is damaged: it reads `entry`, the object lies at `expected`.
    case offsetDamaged(object: Int, entry: Int, expected: Int)
    /// An object whose marker or count gives it `length` bytes where its neighbours leave it `space`.
    case objectLengthDamaged(object: Int, type: String, length: Int, space: Int)
    /// The unreachable objects past those listed one by one: how many, and the first few.
    case objectsUnreferencedMore(count: Int, first: [Int])

    /// The registered kind.
    var code: BinaryPlistCode {
        switch self {
        case .headerVersion: .headerVersion
        case .headerMagicDamaged: .headerMagicDamaged
        case .fileTooShort: .fileTooShort
        case .trailerUnusedNonzero: .trailerUnusedNonzero
        case .trailerWidthUnreadable(let field, _), .trailerWidthUnusual(let field, _):
            field == .offsetInt ? .trailerOffsetIntSize : .trailerObjectRefSize
        case .trailerTableOffset: .trailerTableOffset
        case .trailerNoObjects: .trailerNoObjects
        case .trailerSizeMismatch: .trailerSizeMismatch
        case .trailerTopObject: .trailerTopObject
        case .trailerTopObjectNonzero: .trailerTopObjectNonzero
        case .trailerTopObjectOffset: .trailerTopObjectOffset
        case .trailerRefSizeTooSmall: .trailerRefSizeTooSmall
        case .trailerOffsetSizeTooSmall: .trailerOffsetSizeTooSmall
        case .tableTruncated: .tableTruncated
        case .trailerCut: .trailerCut
        case .trailerFieldDamaged: .trailerFieldDamaged
        case .scanNothing: .scanNothing
        case .scanRecovered: .scanRecovered
        case .offsetOutsideArea(_, let offset, _): offset < 8 ? .offsetInHeader : .offsetOutOfRange
        case .markerV1xOnly: .markerV1xOnly
        case .markerUnknown: .markerUnknown
        case .markerNull: .markerNull
        case .markerFill: .markerFill
        case .objectOverruns: .objectOverruns
        case .intBadWidth: .intBadWidth
        case .intHighBitsDropped: .intHighBitsDropped
        case .realBadWidth: .realBadWidth
        case .dateBadMarker: .dateBadMarker
        case .uidTooLarge: .uidTooLarge
        case .uidOddWidth: .uidOddWidth
        case .countMissing: .countMissing
        case .countBadMarker: .countBadMarker
        case .countAboveLongMax, .countBeyondArea, .entriesBeyondArea: .countTooLarge
        case .stringNonASCII: .stringNonASCII
        case .stringUnpairedSurrogate: .stringUnpairedSurrogate
        case .refOutOfRange, .refsOutOfRangeMore: .refOutOfRange
        case .dictContainerKey: .dictContainerKey
        case .dictNonStringKey: .dictNonStringKey
        case .bytesUnreferenced: .bytesUnreferenced
        case .offsetDuplicate: .offsetDuplicate
        case .objectOverlap: .objectOverlap
        case .offsetDamaged: .offsetDamaged
        case .objectLengthDamaged: .objectLengthDamaged
        case .containerCycle: .containerCycle
        case .depthExceeded: .depthExceeded
        case .objectUnreferenced, .objectsUnreferencedMore: .objectUnreferenced
        }
    }

    /// The code's severity, except for a trailer width CF reads but Apple's writer never uses (a note).
    var severity: Severity {
        if case .trailerWidthUnusual = self { return .note }
        return code.severity
    }
}

extension Diagnostic {
    /// The diagnostic of a binary plist `issue`.
    init(_ issue: BinaryPlistIssue, range: ByteRange?, object: Int? = nil, notes: [DiagnosticNote] = []) {
        self.init(issue.code, issue.message, severity: issue.severity, range: range, object: object, notes: notes)
    }
}
