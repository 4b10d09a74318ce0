import Testing

extension Tag {
    /// Suites that take minutes rather than seconds: hostile inputs, corpus sweeps, tmux end-to-end
    /// runs. `swift test` runs them; `swift test --skip-tags slow`... see the README for the fast run.
    @Tag public static var slow: Self
}
