/// The version `--version` prints: the one place that holds the number. Raise it with each release and
/// record the release in CHANGELOG.md (the project has made none yet, so it is 0.x: the command line
/// and the JSON layout may still change).
enum ArchiveBrowseVersion {
    static let number = "0.9.0"
    /// `archive-browse 0.9.0 (commit 0123456789ab)`: the number and the git commit the binary was built
    /// from (written at build time by the BuildCommit plugin; left out when built outside a checkout).
    static let text = "archive-browse \(number)" + (BuildCommit.id.map { " (commit \($0))" } ?? "")
}
