import ArchiveCore

/// Every diagnostic the NIBArchive decoder reports: id, default severity and one-line summary. The
/// explanations are in `NIBArchiveCode+Explanations.swift`, the messages in `NIBArchiveIssue+Messages.swift`.
///
/// Severity follows what a nib loader can do with the file (FORMATS.md E; UIKit's reader is not public,
/// so "would reject" means the bytes cannot be read as the format defines them): `.error` where the
/// tables or values cannot be read or lead nowhere, `.warning` where they read but no ibtool writes
/// them, `.note` for facts a debugger wants.
package enum NIBArchiveCode: String, DiagnosticCatalog {
    // Header.
    case headerTruncated = "nib.header.truncated"
    case headerFormatVersion = "nib.header.format-version"
    case headerCoderVersion = "nib.header.coder-version"
    // Tables.
    case tableOutOfFile = "nib.table.out-of-file"
    case tableInHeader = "nib.table.in-header"
    case tableCountTooLarge = "nib.table.count-too-large"
    case tableTruncated = "nib.table.truncated"
    case tableOverlap = "nib.table.overlap"
    case varintOverflow = "nib.varint.overflow"
    case bytesUnused = "nib.bytes.unused"
    // Keys and class names.
    case keyInvalidUTF8 = "nib.key.invalid-utf8"
    case classUnterminated = "nib.class.unterminated"
    case classInvalidUTF8 = "nib.class.invalid-utf8"
    // Values.
    case valueUnknownType = "nib.value.unknown-type"
    case valueKeyOutOfRange = "nib.value.key-out-of-range"
    case valueRefOutOfRange = "nib.value.ref-out-of-range"
    case valueUnowned = "nib.value.unowned"
    // Objects.
    case rootMissing = "nib.root.missing"
    case objectClassOutOfRange = "nib.object.class-out-of-range"
    case objectValuesOutOfRange = "nib.object.values-out-of-range"
    case objectValuesOverlap = "nib.object.values-overlap"
    case objectUnreachable = "nib.object.unreachable"
    case objectNoSuchID = "nib.object.no-such-id"

    package var severity: Severity {
        switch self {
        case .bytesUnused, .objectUnreachable:
            .note
        case .headerFormatVersion, .headerCoderVersion, .classUnterminated, .valueUnowned, .objectValuesOverlap:
            .warning
        default:
            .error
        }
    }

    package var summary: String {
        switch self {
        case .headerTruncated: "the file is shorter than the 50-byte NIBArchive header"
        case .headerFormatVersion: "the header's first version word is not 1"
        case .headerCoderVersion: "the header's coder version is neither 9 nor 10"
        case .tableOutOfFile: "a table starts at or past the end of the file"
        case .tableInHeader: "a table starts inside the 50-byte header"
        case .tableCountTooLarge: "a table claims more entries than the rest of the file can hold"
        case .tableTruncated: "the file ends inside a table, before all its entries"
        case .tableOverlap: "two tables share bytes"
        case .varintOverflow: "a variable-length integer does not end within 10 bytes or exceeds 64 bits"
        case .bytesUnused: "bytes that belong to the header or no table"
        case .keyInvalidUTF8: "a key is not valid UTF-8"
        case .classUnterminated: "a class name does not end with a zero byte"
        case .classInvalidUTF8: "a class name is not valid UTF-8"
        case .valueUnknownType: "a value's type byte is not one of the 11 types"
        case .valueKeyOutOfRange: "a value names a key past the end of the key table"
        case .valueRefOutOfRange: "an object reference past the end of the object table"
        case .valueUnowned: "values that no object lists"
        case .rootMissing: "the archive has no objects, so no root object"
        case .objectClassOutOfRange: "an object names a class past the end of the class-name table"
        case .objectValuesOutOfRange: "an object's values run past the end of the value table"
        case .objectValuesOverlap: "two objects list some of the same values"
        case .objectUnreachable: "an object the root object does not reach"
        case .objectNoSuchID: "an object id outside the object table was asked for"
        }
    }
}
