import ArchiveModel

extension BrowserState {
    /// The panel's one line while the audit runs in the background.
    static let auditingLine = "auditing… (the status line shows how far; Esc stops it)"

    /// `A`: the security audit of the archive (issue 40): its census, the smallest allow-list and the
    /// risk findings, as `--audit` prints them. The audit runs as background work (a large archive
    /// takes seconds): the panel says "auditing…" until `installAudit` fills it; closing the panel
    /// before then stops the work. Once done, the audit is kept and the panel opens at once.
    mutating func showSecurity(_ context: BrowserContext) {
        if let lines = context.securityLines {
            overlay = .security(lines, ListCursor())
            return
        }
        overlay = .security([Self.auditingLine], ListCursor())
        pending = .audit
    }

    /// A finished audit: kept in the context, its warnings' objects marked in the tree (`⚑ security`)
    /// from now on, and shown if its panel still waits for it.
    mutating func installAudit(_ audit: SecurityAudit, _ context: BrowserContext) {
        let lines = SecurityAuditRenderer.lines(audit, graph: context.graph)
        context.install(securityFindings: Set(audit.findings.filter { $0.severity >= .warning }.compactMap(\.object)), lines: lines)
        if isWaitingForAudit { overlay = .security(lines, ListCursor()) }
    }

    /// Whether the security panel is open and still says "auditing…".
    var isWaitingForAudit: Bool {
        if case .security(let lines, _)? = overlay { return lines == [Self.auditingLine] }
        return false
    }

    /// Closes the overlay; closing the security panel before its audit ended stops the audit.
    mutating func closeOverlay() {
        if isWaitingForAudit { effects.append(.cancelAudit) }
        overlay = nil
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
