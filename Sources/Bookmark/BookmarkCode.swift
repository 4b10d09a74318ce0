import ArchiveCore

/// Every diagnostic the bookmark decoder (`BookmarkData`) and the alias-record reader (`AliasRecord`)
/// report: id, default severity and one-line summary. The explanations are in
/// `BookmarkCode+Explanations.swift`, the messages in `BookmarkIssue+Messages.swift`.
///
/// Severity follows what CoreServices can do with the bytes (its resolver is not public, so "would
/// reject" means the bytes cannot be read as the format is known): `.error` where a header, table of
/// contents or item cannot be read or leads nowhere, `.warning` where it reads but no known writer
/// produces it, `.note` for facts a debugger wants.
enum BookmarkCode: String, DiagnosticCatalog {
    // Header.
    case headerTruncated = "bookmark.header.truncated"
    case headerBadMagic = "bookmark.header.bad-magic"
    case headerLengthMismatch = "bookmark.header.length-mismatch"
    case headerDataOffset = "bookmark.header.data-offset"
    case headerVersion = "bookmark.header.version"
    // Tables of contents.
    case tocOutOfRange = "bookmark.toc.out-of-range"
    case tocBadMagic = "bookmark.toc.bad-magic"
    case tocLoop = "bookmark.toc.loop"
    case tocTooMany = "bookmark.toc.too-many"
    case tocCountTooLarge = "bookmark.toc.count-too-large"
    case tocLengthMismatch = "bookmark.toc.length-mismatch"
    case tocUnsorted = "bookmark.toc.unsorted"
    // Keys.
    case keyNotString = "bookmark.key.not-string"
    case keyUnexpectedType = "bookmark.key.unexpected-type"
    // Items.
    case itemOutOfRange = "bookmark.item.out-of-range"
    case itemLengthTooLarge = "bookmark.item.length-too-large"
    case itemUnknownType = "bookmark.item.unknown-type"
    case itemBadSize = "bookmark.item.bad-size"
    case itemInvalidUTF8 = "bookmark.item.invalid-utf8"
    case itemTooDeep = "bookmark.item.too-deep"
    case itemCycle = "bookmark.item.cycle"
    case itemTooMany = "bookmark.item.too-many"
    case dateImplausible = "bookmark.date.implausible"
    // Classic Alias Manager records.
    case aliasTruncated = "bookmark.alias.truncated"
    case aliasSizeMismatch = "bookmark.alias.size-mismatch"
    case aliasVersion = "bookmark.alias.version"
    case aliasTagTruncated = "bookmark.alias.tag-truncated"
    case aliasNoEndTag = "bookmark.alias.no-end-tag"

    package var severity: Severity {
        switch self {
        case .itemUnknownType:
            .note
        case .headerVersion, .tocLengthMismatch, .tocUnsorted, .keyUnexpectedType, .itemInvalidUTF8, .dateImplausible,
             .aliasSizeMismatch, .aliasNoEndTag:
            .warning
        default:
            .error
        }
    }

    package var summary: String {
        switch self {
        case .headerTruncated: "the bytes end before the bookmark header and the first table-of-contents offset"
        case .headerBadMagic: "the bytes do not start with the 'book' (or 'alis') signature of bookmark data"
        case .headerLengthMismatch: "the header's total length is not the number of bytes the bookmark has"
        case .headerDataOffset: "the header's data-area offset lies inside the header or past the end"
        case .headerVersion: "the header's version word is not the 0x10040000 every known writer uses"
        case .tocOutOfRange: "a table-of-contents offset points past the end of the bookmark"
        case .tocBadMagic: "a table of contents does not carry the 0xfffffffe marker"
        case .tocLoop: "a next-table-of-contents link points back to a table already read"
        case .tocTooMany: "the chain of tables of contents is longer than the decoder follows"
        case .tocCountTooLarge: "a table of contents claims more entries than the bytes after it hold"
        case .tocLengthMismatch: "a table of contents' length field disagrees with its entry count"
        case .tocUnsorted: "table-of-contents keys are not in ascending order, so a binary search misses some"
        case .keyNotString: "a string key (high bit set) does not point at a string item"
        case .keyUnexpectedType: "a known key holds an item of a type its meaning does not allow"
        case .itemOutOfRange: "an item offset points past the end of the bookmark"
        case .itemLengthTooLarge: "an item's length runs past the end of the bookmark"
        case .itemUnknownType: "an item's type code is not one of the known types"
        case .itemBadSize: "an item's payload size does not fit its type"
        case .itemInvalidUTF8: "a string or URL item is not valid UTF-8"
        case .itemTooDeep: "arrays or dictionaries nest deeper than the decoder follows"
        case .itemCycle: "an array, dictionary or relative URL contains itself"
        case .itemTooMany: "the bookmark has more items or item links than the decoder reads"
        case .dateImplausible: "a date lies outside 1984-2100, or is not a finite number"
        case .aliasTruncated: "an alias record ends before its fixed fields or before its declared size"
        case .aliasSizeMismatch: "an alias record's size field is not the number of bytes it has"
        case .aliasVersion: "an alias record's version is neither 2 nor 3"
        case .aliasTagTruncated: "an alias record's tagged field runs past the end of the record"
        case .aliasNoEndTag: "an alias record's tagged fields do not end with the 0xffff end tag"
        }
    }
}
