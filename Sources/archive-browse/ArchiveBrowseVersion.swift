/// The version `--version` prints. Raise it with each release (the project has made none yet, so it is
/// 0.x: the command line and the JSON layout may still change).
enum ArchiveBrowseVersion {
    static let number = "0.9.0"
    static let text = "archive-browse \(number)"
}
