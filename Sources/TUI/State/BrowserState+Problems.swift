import ArchiveModel

extension BrowserState {
    /// `}` / `{`: focuses the next (or previous) row in tree order whose margin shows a problem (an
    /// error or a warning of its object, or an invalid or dangling value), expanding the way to it.
    mutating func jumpToProblem(forward: Bool, _ context: BrowserContext) {
        let unchecked = context.diagnostics == nil ? " so far (p runs the full check)" : ""
        let messages = TreeJumpMessages(
            only: "the only row with a problem" + unchecked, none: "no row shows a problem" + unchecked,
            wrapped: forward ? "wrapped to the first problem" : "wrapped to the last problem",
            budget: "no problem in \(Self.searchBudget) rows; press \(forward ? "}" : "{") to look further")
        jumpInTree(to: { (context.rowSeverity($0) ?? .note) >= .warning }, round: \.problemRound,
                   forward: forward, messages: messages, context)
    }
}
