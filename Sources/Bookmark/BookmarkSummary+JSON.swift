import ArchiveCore

extension BookmarkSummary {
    /// The members present, as `{"path", "fileID", "volumeName", "volumeMountPoint", "creationDate",
    /// "flags"}`: the `"summary"` of `BookmarkData.json()`'s shape, for an alias record too.
    package var json: BookmarkJSON {
        var members: [BookmarkJSON.Member] = []
        if let path { members.append(.init("path", .string(path))) }
        if let fileID { members.append(.init("fileID", .integer(fileID))) }
        if let volumeName { members.append(.init("volumeName", .string(volumeName))) }
        if let volumeMountPoint { members.append(.init("volumeMountPoint", .string(volumeMountPoint))) }
        if let creationDate { members.append(.init("creationDate", .date(creationDate))) }
        if !flags.isEmpty { members.append(.init("flags", .array(flags.map { .string($0) }))) }
        return .object(members)
    }
}
