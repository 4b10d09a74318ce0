import ArchiveCore

/// The table-of-contents keys whose meaning is known (from the published reverse engineering of the
/// format: mac_alias's bookmark documentation, fq's `apple_bookmark`, dtformats), with the name views
/// and JSON use and the item types the meaning allows.
package enum BookmarkKnownKey: UInt32, Sendable, CaseIterable {
    case url = 0x1003
    case path = 0x1004
    case fileIDs = 0x1005
    case resourceProperties = 0x1010
    case fileName = 0x1020
    case fileID = 0x1030
    case creationDate = 0x1040
    case tocPath = 0x2000
    case volumePath = 0x2002
    case volumeURL = 0x2005
    case volumeName = 0x2010
    case volumeUUID = 0x2011
    case volumeSize = 0x2012
    case volumeCreationDate = 0x2013
    case volumeProperties = 0x2020
    case volumeIsRoot = 0x2030
    case volumeBookmark = 0x2040
    case volumeMountPoint = 0x2050
    case containingFolderIndex = 0xC001
    case userName = 0xC011
    case uid = 0xC012
    case wasFileReference = 0xD001
    case creationOptions = 0xD010
    case urlLengths = 0xE003
    case displayName = 0xF017
    case iconData = 0xF020
    case iconRef = 0xF021
    case typeBindingData = 0xF022
    case bookmarkCreationTime = 0xF030
    case sandboxRWExtension = 0xF080
    case sandboxROExtension = 0xF081
    case aliasData = 0xFE00

    /// The camel-case name views and JSON use (`path`, `volumeName`).
    package var name: String { "\(self)" }

    /// What the key holds, in a few words.
    package var meaning: String {
        switch self {
        case .url: "the target's URL"
        case .path: "path components from the root"
        case .fileIDs: "file IDs (CNIDs / inode numbers) of the path components"
        case .resourceProperties: "resource property flags: flags, flags asked for, reserved (3 × 8 bytes)"
        case .fileName: "the target's file name"
        case .fileID: "the target's file ID"
        case .creationDate: "the target's creation date"
        case .tocPath: "table-of-contents path"
        case .volumePath: "the volume's mount path"
        case .volumeURL: "the volume's URL"
        case .volumeName: "the volume's name"
        case .volumeUUID: "the volume's UUID (as text)"
        case .volumeSize: "the volume's size in bytes"
        case .volumeCreationDate: "the volume's creation date"
        case .volumeProperties: "volume property flags: flags, flags asked for, reserved (3 × 8 bytes)"
        case .volumeIsRoot: "whether the volume was the root (boot) volume"
        case .volumeBookmark: "the table of contents of a disk image's own bookmark"
        case .volumeMountPoint: "the volume's mount point URL"
        case .containingFolderIndex: "index of the containing folder in the path components"
        case .userName: "name of the user who made the bookmark"
        case .uid: "user ID of the user who made the bookmark"
        case .wasFileReference: "whether the URL was a file reference URL"
        case .creationOptions: "the options the bookmark was made with (NSURLBookmarkCreationOptions)"
        case .urlLengths: "lengths of the base URLs of a relative URL, in path components"
        case .displayName: "the target's display name"
        case .iconData: "icon data (icns)"
        case .iconRef: "icon reference"
        case .typeBindingData: "type binding data"
        case .bookmarkCreationTime: "when the bookmark was made (seconds since 2001)"
        case .sandboxRWExtension: "sandbox extension granting read-write access (security scope)"
        case .sandboxROExtension: "sandbox extension granting read-only access (security scope)"
        case .aliasData: "an embedded Alias Manager record"
        }
    }

    /// The item types the meaning allows, or nil when any type is seen in practice.
    func allows(_ type: BookmarkItemType) -> Bool {
        switch self {
        case .path, .fileIDs, .urlLengths, .tocPath: type == .array
        case .fileName, .volumePath, .volumeName, .volumeUUID, .userName, .displayName: type == .string
        case .url, .volumeURL, .volumeMountPoint: type == .url || type == .relativeURL || type == .string
        case .creationDate, .volumeCreationDate: type == .date
        case .resourceProperties, .volumeProperties, .sandboxRWExtension, .sandboxROExtension, .aliasData, .iconData:
            type == .data
        case .fileID, .volumeSize, .containingFolderIndex, .uid, .creationOptions, .volumeBookmark:
            if case .integer = type { true } else { false }
        case .volumeIsRoot, .wasFileReference: type == .bool(true) || type == .bool(false)
        case .bookmarkCreationTime: type == .date || type == .real(width: 8)
        case .iconRef, .typeBindingData: true
        }
    }
}
