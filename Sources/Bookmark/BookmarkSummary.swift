import ArchiveCore

/// What a user wants from a bookmark in one line: the target's path, its volume, its creation date,
/// its file ID, and flags such as "security-scoped". Derived from the decoded items (the first table
/// of contents holding a key wins, as CoreServices looks keys up); nil fields were absent or unusable.
package struct BookmarkSummary: Sendable, Equatable {
    /// The full path: the path components joined under `/`, else the target URL.
    package var path: String?
    /// The path components (key 0x1004) as stored.
    package var pathComponents: [String] = []
    /// The target URL (key 0x1003), when there is one.
    package var url: String?
    package var volumeName: String?
    /// The volume's mount path (key 0x2002), else the path of its mount-point or volume URL.
    package var volumeMountPoint: String?
    package var volumeUUID: String?
    /// The target's creation date, seconds since 2001-01-01 UTC.
    package var creationDate: Double?
    package var volumeCreationDate: Double?
    /// The target's file ID: key 0x1030, else the last of the path's file IDs (key 0x1005).
    package var fileID: Int64?
    package var userName: String?
    /// Facts as short phrases: `security-scoped`, `read-only scope`, `directory`, `boot volume`…
    package var flags: [String] = []

    /// The creation date in ISO 8601 UTC.
    package var creationDateText: String? { creationDate.map(ValueFormatter.isoDate) }

    /// `/Applications/Syncthing.app on "Macintosh HD" (/), created 2022-07-05T17:06:15Z, file ID 55377, directory`,
    /// display-safe.
    package var line: String {
        var parts = [path.map { DisplayText.escape(ValueFormatter.cut($0)) } ?? "(no path)"]
        if let volumeName {
            parts[0] += " on " + ValueFormatter.quoted(volumeName) + (volumeMountPoint.map { " (\(DisplayText.escape(ValueFormatter.cut($0))))" } ?? "")
        }
        if let creationDateText { parts.append("created \(creationDateText)") }
        if let fileID { parts.append("file ID \(fileID)") }
        return (parts + flags).joined(separator: ", ")
    }

    /// Foundation's NSURLBookmarkCreationOptions bits (key 0xd010) worth a flag.
    static let optionFlags: [(UInt64, String)] = [
        (1 << 8, "prefers file ID resolution"), (1 << 9, "minimal bookmark"), (1 << 10, "alias-file bookmark"),
        (1 << 11, "security-scoped"), (1 << 12, "read-only scope"), (1 << 29, "no implicit security scope"),
    ]

    /// CFURL resource property bits (key 0x1010, first word; shown when the second word marks them known).
    static let resourceFlags: [(UInt64, String)] = [
        (0x1, "regular file"), (0x2, "directory"), (0x4, "symbolic link"), (0x8, "volume"), (0x10, "package"),
        (0x80, "hidden"), (0x200, "application"), (0x8000, "alias file"),
    ]
}

extension BookmarkData {
    /// The one-line summary of the bookmark.
    package var summary: BookmarkSummary {
        var s = BookmarkSummary()
        s.pathComponents = elements(.path).compactMap { stringValue($0) }
        s.url = item(.url).flatMap(urlText)
        s.path = s.pathComponents.isEmpty ? s.url : "/" + s.pathComponents.joined(separator: "/")
        s.volumeName = item(.volumeName).flatMap(stringValue)
        s.volumeMountPoint = item(.volumePath).flatMap(stringValue)
            ?? (item(.volumeMountPoint) ?? item(.volumeURL)).flatMap(urlText).map(Self.pathOfFileURL)
        s.volumeUUID = item(.volumeUUID).flatMap(stringValue)
        s.creationDate = item(.creationDate).flatMap(dateValue)
        s.volumeCreationDate = item(.volumeCreationDate).flatMap(dateValue)
        s.fileID = item(.fileID).flatMap(integerValue) ?? elements(.fileIDs).last.flatMap(integerValue)
        s.userName = item(.userName).flatMap(stringValue)
        s.flags = flags()
        return s
    }

    /// The flags of the summary, in a fixed order.
    func flags() -> [String] {
        var flags: [String] = []
        let options = item(.creationOptions).flatMap(integerValue).map { UInt64(bitPattern: $0) } ?? 0
        for (bit, name) in BookmarkSummary.optionFlags where options & bit != 0 { flags.append(name) }
        if entry(.sandboxRWExtension) != nil || entry(.sandboxROExtension) != nil, !flags.contains("security-scoped") {
            flags.append("security-scoped")
        }
        if entry(.sandboxROExtension) != nil, !flags.contains("read-only scope") { flags.append("read-only scope") }
        if let index = item(.resourceProperties), items[index].type == .data {
            let reader = self.reader, payload = items[index].payloadRange
            if let bits = reader.signedLE(payload.start, width: 8), let known = reader.signedLE(payload.start + 8, width: 8), payload.count >= 16 {
                for (bit, name) in BookmarkSummary.resourceFlags where UInt64(bitPattern: bits & known) & bit != 0 { flags.append(name) }
            }
        }
        if let index = item(.volumeIsRoot), items[index].value == .bool(true) { flags.append("boot volume") }
        if let index = item(.wasFileReference), items[index].value == .bool(true) { flags.append("file reference") }
        return flags
    }

    /// The element items of the array under `key` (empty when absent or not an array).
    func elements(_ key: BookmarkKnownKey) -> [Int] {
        guard let index = item(key), case .array(let links) = items[index].value else { return [] }
        return links.compactMap(\.item)
    }

    func stringValue(_ index: Int) -> String? {
        guard case .string = items[index].value else { return nil }
        return text(of: index, limit: 4096)
    }

    func integerValue(_ index: Int) -> Int64? {
        guard case .integer(let i) = items[index].value else { return nil }
        return i
    }

    func dateValue(_ index: Int) -> Double? {
        guard case .date(let t) = items[index].value else { return nil }
        return t
    }

    /// A URL item's text; a relative URL's base and relative part joined (one level, no recursion).
    func urlText(_ index: Int) -> String? {
        switch items[index].value {
        case .url, .string: return text(of: index, limit: 4096)
        case .relativeURL(let base, let relative):
            let baseText = base.item.flatMap { items[$0].type == .url ? text(of: $0, limit: 4096) : nil } ?? ""
            return baseText + (relative.item.map { text(of: $0, limit: 4096) } ?? "")
        default: return nil
        }
    }

    /// `/Volumes/X/` for `file:///Volumes/X/` (percent escapes kept), other URLs unchanged.
    static func pathOfFileURL(_ url: String) -> String {
        guard url.hasPrefix("file://") else { return url }
        let rest = url.dropFirst(7)
        guard let slash = rest.firstIndex(of: "/") else { return url }
        return String(rest[slash...])
    }
}
