import Testing

extension Tag {
    /// Suites that take minutes rather than seconds: hostile inputs, corpus sweeps, tmux end-to-end
    /// runs. Plain `swift test` runs them; the README shows the `--skip` pattern that leaves them out
    /// (this toolchain's `swift test` filters by name, not by tag).
    @Tag public static var slow: Self
}
