import ArchiveModel

extension BrowserState {
    /// `A`: the security audit of the archive (issue 40): its census, the smallest allow-list and the
    /// risk findings, as `--audit` prints them, computed when the panel opens; the objects of its
    /// warnings are marked in the tree from then on.
    mutating func showSecurity(_ context: BrowserContext) {
        let audit = SecurityAudit(graph: context.graph, allowed: [])
        // From now on the tree marks these objects (`⚑ security`).
        context.securityFindings = Set(audit.findings.filter { $0.severity >= .warning }.compactMap(\.object))
        overlay = .security(SecurityAuditRenderer.lines(audit, graph: context.graph), ListCursor())
    }
}

extension Overlay {
    /// Whether the overlay scrolls as a page of text (no selection).
    var scrollsAsText: Bool {
        switch self {
        case .help, .security: true
        case .problems, .referrers, .prompt: false
        }
    }
}
