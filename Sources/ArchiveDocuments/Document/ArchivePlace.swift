import ArchiveCore

/// Where an archive was found inside what holds it: the step from a parent node of the document tree
/// to a child. Issue 27's sources (folders, ZIP files, SQLite databases) add their own cases (a path, a
/// ZIP entry, `table.column` and rowid) beside these; a front end shows any of them through
/// `description` and never needs to know which kind of parent it came from.
package enum ArchivePlace: Sendable, Hashable, CustomStringConvertible {
    /// The input itself: the file, standard input or the demo.
    case input
    /// A data value of an object of the parent archive: the object's own value (`field` nil, a bare
    /// data object), or data stored inline in one of its fields (NSMutableData's `NS.data`, a nib's
    /// `NS.bytes`, a typedstream's byte array).
    case dataValue(object: ObjectID, field: String?)
    /// Past the start of a parent this tool cannot read: behind a header of another format.
    case afterHeader(offset: Int)
    /// A file of a folder source, by its path relative to the folder (the bytes of the name) (issue 27).
    case path([UInt8])
    /// An entry of a ZIP file, by its name in the central directory (bytes as stored).
    case zipEntry([UInt8])
    /// One value of an SQLite database: its table, column and rowid.
    case cell(table: String, column: String, rowid: Int64)
    /// A file of an iOS backup, by its domain and path relative to the domain (bytes as the manifest
    /// gives them) and the id its copy is stored under (40 lowercase hex digits) (issue 38).
    case backupFile(domain: [UInt8], path: [UInt8], fileID: String)

    /// `object #12, field "NS.data"`, `object #12`, `offset 48`: display-safe (keys are quoted and
    /// escaped), as messages and headers name the place.
    package var description: String {
        switch self {
        case .input: "the input"
        // "object #19, field \"1\"": a bare key after the number ("#19 1") would read as one number.
        case .dataValue(let object, let field): "object #\(object)" + (field.map { ", field " + ValueFormatter.quoted($0) } ?? "")
        case .afterHeader(let offset): "offset \(offset)"
        case .path(let bytes), .zipEntry(let bytes): DisplayText.escape(bytes: bytes)
        case .cell(let table, let column, let rowid): DisplayText.escape("\(table).\(column)") + ":\(rowid)"
        case .backupFile(let domain, let path, _): DisplayText.escape(bytes: domain + [UInt8(ascii: "-")] + path)
        }
    }

    /// The object holding the data, for a place inside an archive's graph.
    package var holder: ObjectID? {
        if case .dataValue(let object, _) = self { return object }
        return nil
    }
}
