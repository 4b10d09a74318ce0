import ArchiveCore

/// Every problem the NIBArchive decoder reports, with typed fields: its catalog code (id and severity,
/// `NIBArchiveCode`) and its message (`NIBArchiveIssue+Messages.swift`) in one place.
enum NIBArchiveIssue: Sendable {
    // Header.
    case headerTruncated(size: Int)
    case headerFormatVersion(UInt32)
    case headerCoderVersion(UInt32)
    // Tables.
    case tableOutOfFile(NIBTableKind, offset: Int, count: UInt32, fileSize: Int)
    case tableInHeader(NIBTableKind, offset: Int)
    case tableCountTooLarge(NIBTableKind, count: UInt32, offset: Int, fits: Int, fileSize: Int)
    case tableTruncated(NIBTableKind, found: Int, count: UInt32, entryStart: Int, fileSize: Int)
    case tableOverlap(NIBTableKind, NIBTableKind, ByteRange)
    case varintOverflow(NIBTableKind, entry: Int, found: Int, count: UInt32)
    case bytesUnused(ByteRange, before: String)
    // Keys and class names.
    case keyInvalidUTF8(index: Int, shown: String)
    case classUnterminated(index: Int, shown: String)
    case classInvalidUTF8(index: Int, shown: String)
    // Values.
    case valueUnknownType(type: UInt8, value: Int, found: Int, count: UInt32)
    case valueKeyOutOfRange(value: Int, key: UInt64, keys: Int)
    case valueRefOutOfRange(value: Int, target: UInt32, objects: Int, declared: UInt32)
    case valueUnowned(first: Int, count: Int)
    // Objects.
    case rootMissing(declared: UInt32)
    case objectClassOutOfRange(id: Int, classIndex: UInt64, classes: Int)
    case objectValuesOutOfRange(id: Int, first: UInt64, count: UInt64, values: Int, declared: UInt32)
    case objectValuesOverlap(id: Int, other: Int, first: Int, count: Int)
    case objectUnreachable(id: Int, className: String)
    case objectNoSuchID(id: Int, objects: Int)

    /// The catalog entry of the problem.
    var code: NIBArchiveCode {
        switch self {
        case .headerTruncated: .headerTruncated
        case .headerFormatVersion: .headerFormatVersion
        case .headerCoderVersion: .headerCoderVersion
        case .tableOutOfFile: .tableOutOfFile
        case .tableInHeader: .tableInHeader
        case .tableCountTooLarge: .tableCountTooLarge
        case .tableTruncated: .tableTruncated
        case .tableOverlap: .tableOverlap
        case .varintOverflow: .varintOverflow
        case .bytesUnused: .bytesUnused
        case .keyInvalidUTF8: .keyInvalidUTF8
        case .classUnterminated: .classUnterminated
        case .classInvalidUTF8: .classInvalidUTF8
        case .valueUnknownType: .valueUnknownType
        case .valueKeyOutOfRange: .valueKeyOutOfRange
        case .valueRefOutOfRange: .valueRefOutOfRange
        case .valueUnowned: .valueUnowned
        case .rootMissing: .rootMissing
        case .objectClassOutOfRange: .objectClassOutOfRange
        case .objectValuesOutOfRange: .objectValuesOutOfRange
        case .objectValuesOverlap: .objectValuesOverlap
        case .objectUnreachable: .objectUnreachable
        case .objectNoSuchID: .objectNoSuchID
        }
    }

    /// The diagnostic for this problem at `range`, belonging to `object`.
    func diagnostic(_ range: ByteRange?, object: Int? = nil, notes: [DiagnosticNote] = []) -> Diagnostic {
        Diagnostic(code, message, range: range, object: object, notes: notes)
    }
}
