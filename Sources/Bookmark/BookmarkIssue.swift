import ArchiveCore

/// Every problem the bookmark decoder and the alias-record reader report, with typed fields: its
/// catalog code (`BookmarkCode`) and its message (`BookmarkIssue+Messages.swift`) in one place.
/// Offsets in the fields are relative to the record's first byte, like the ranges of the diagnostics.
enum BookmarkIssue: Sendable {
    // Header.
    case headerTruncated(size: Int, needed: Int, shape: BookmarkHeader.Shape?)
    case headerBadMagic([UInt8])
    case headerLengthMismatch(declared: Int, actual: Int)
    case headerDataOffset(offset: Int, size: Int, minimum: Int)
    case headerVersion(UInt32)
    // Tables of contents.
    case tocFirstIsZero
    case tocOutOfRange(offset: UInt32, absolute: Int, size: Int, first: Bool)
    case tocBadMagic(found: UInt32, at: Int)
    case tocLoop(offset: UInt32, table: Int)
    case tocTooMany(limit: Int)
    case tocCountTooLarge(count: UInt32, fits: Int, at: Int)
    case tocLengthMismatch(length: UInt32, count: UInt32)
    case tocUnsorted(key: UInt32, previous: UInt32, table: Int)
    // Keys.
    case keyNotString(raw: UInt32, found: BookmarkItemType)
    case keyUnexpectedType(key: String, found: BookmarkItemType, what: String)
    // Items.
    case itemOutOfRange(offset: UInt32, absolute: Int, size: Int)
    case itemLengthTooLarge(length: UInt32, at: Int, available: Int)
    case itemUnknownType(code: UInt32, at: Int)
    case itemBadSize(type: BookmarkItemType, size: Int, expected: String)
    case itemInvalidUTF8(type: BookmarkItemType, shown: String)
    case itemTooDeep(limit: Int)
    case itemCycle(offset: UInt32, container: Int)
    case itemTooMany(what: String, limit: Int)
    case dateImplausible(seconds: Double, key: String?)
    // Alias records.
    case aliasTruncated(size: Int, needed: Int, what: String)
    case aliasSizeMismatch(declared: Int, actual: Int)
    case aliasVersion(UInt16)
    case aliasTagTruncated(tag: UInt16, length: Int, at: Int, end: Int)
    case aliasNoEndTag(end: Int)

    /// The catalog entry of the problem.
    var code: BookmarkCode {
        switch self {
        case .headerTruncated: .headerTruncated
        case .headerBadMagic: .headerBadMagic
        case .headerLengthMismatch: .headerLengthMismatch
        case .headerDataOffset: .headerDataOffset
        case .headerVersion: .headerVersion
        case .tocFirstIsZero, .tocOutOfRange: .tocOutOfRange
        case .tocBadMagic: .tocBadMagic
        case .tocLoop: .tocLoop
        case .tocTooMany: .tocTooMany
        case .tocCountTooLarge: .tocCountTooLarge
        case .tocLengthMismatch: .tocLengthMismatch
        case .tocUnsorted: .tocUnsorted
        case .keyNotString: .keyNotString
        case .keyUnexpectedType: .keyUnexpectedType
        case .itemOutOfRange: .itemOutOfRange
        case .itemLengthTooLarge: .itemLengthTooLarge
        case .itemUnknownType: .itemUnknownType
        case .itemBadSize: .itemBadSize
        case .itemInvalidUTF8: .itemInvalidUTF8
        case .itemTooDeep: .itemTooDeep
        case .itemCycle: .itemCycle
        case .itemTooMany: .itemTooMany
        case .dateImplausible: .dateImplausible
        case .aliasTruncated: .aliasTruncated
        case .aliasSizeMismatch: .aliasSizeMismatch
        case .aliasVersion: .aliasVersion
        case .aliasTagTruncated: .aliasTagTruncated
        case .aliasNoEndTag: .aliasNoEndTag
        }
    }

    /// The severity of this instance: a declared length shorter than the bytes only leaves bytes
    /// unused, where a longer one means bytes are missing.
    var severity: Severity {
        switch self {
        case .headerLengthMismatch(let declared, let actual) where declared < actual: .warning
        default: code.severity
        }
    }

    /// The diagnostic at `range` (relative to the record).
    func diagnostic(_ range: ByteRange, notes: [DiagnosticNote] = []) -> Diagnostic {
        Diagnostic(code, message, severity: severity, range: range, notes: notes)
    }
}
