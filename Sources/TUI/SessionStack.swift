import ArchiveModel

/// The browser's sessions, outermost first: the file, then each archive opened from a data value
/// inside the one below it. Keys go to the innermost session. `q` there closes it and the outer one
/// comes back with its focus as it was; `q` in the outermost quits; Ctrl-C quits from any depth.
public final class SessionStack {
    /// Deepest nesting opened: the one limit of every front end (`EmbeddedArchives.maxDepth`).
    public static var maxDepth: Int { EmbeddedArchives.maxDepth }

    public private(set) var sessions: [Session]
    public private(set) var shouldQuit = false
    /// Whether `q` in the outermost archive closes it (back to a source's list) rather than quitting.
    public var outermostClosable = false
    /// Set when `q` closed the outermost archive while `outermostClosable`.
    public private(set) var closedOutermost = false

    /// What a key did to the stack, for the front end to start or cancel background work.
    public enum Change {
        case none
        case opened(Session)
        case closed(Session)
    }

    public init(root: Session) {
        sessions = [root]
    }

    /// The innermost session: the one on screen.
    public var current: Session { sessions[sessions.count - 1] }

    /// Nesting depth: 0 for the file itself.
    public var depth: Int { sessions.count - 1 }

    /// Applies `key` to the current session, then opens or closes an archive if it asked to.
    @discardableResult
    public func handle(_ key: Key) -> Change {
        let session = current
        session.handle(key)
        return settle(session)
    }

    /// Carries out what `session` (the current one) requested.
    func settle(_ session: Session) -> Change {
        if session.state.shouldQuit {
            shouldQuit = true
            return .none
        }
        guard let request = session.state.request else { return .none }
        session.state.request = nil
        switch request {
        case .close:
            return close(session)
        case .open(let embedded):
            return open(embedded, from: session)
        case .openRepaired(let reading):
            return open(reading, from: session)
        }
    }

    private func close(_ session: Session) -> Change {
        guard sessions.count > 1 else {
            closedOutermost = outermostClosable
            shouldQuit = true
            return .none
        }
        sessions.removeLast()
        let outer = current
        let (cols, rows) = (session.state.cols, session.state.rows)
        if outer.state.cols != cols || outer.state.rows != rows {
            outer.state.apply(.resize(cols: cols, rows: rows), context: outer.context)
        }
        outer.state.message = "back from " + (session.context.location.last ?? "the embedded archive")
        return .closed(session)
    }

    /// The repaired reading of `session`'s file, as a session above it (`q` or `R` returns).
    private func open(_ reading: RepairedReading, from session: Session) -> Change {
        let document = ArchiveDocument.open(reading.result.bytes, namedLike: session.context.node.root.document)
        let repaired = Session(node: DocumentNode(root: document), displayName: session.context.displayName,
                               location: session.context.location + ["repaired reading"], repaired: reading,
                               cols: session.state.cols, rows: session.state.rows)
        repaired.state.message = DisplayText.escapeMessage(reading.openingMessage)
        sessions.append(repaired)
        return .opened(repaired)
    }

    private func open(_ embedded: EmbeddedRequest, from session: Session) -> Change {
        guard let node = EmbeddedArchives.open(embedded.archive, in: session.context.node, displayName: embedded.location) else {
            session.state.message = "archives nested more than \(Self.maxDepth) deep are not opened"
            return .none
        }
        let nested = Session(node: node, displayName: session.context.displayName,
                             location: session.context.location + [embedded.location],
                             cols: session.state.cols, rows: session.state.rows)
        let place = node.fileOffset.map { " at file offset \($0)" } ?? ""
        nested.state.message = "embedded \(Embedded.shortName(embedded.format)), \(ValueFormatter.byteCount(embedded.bytes.count))\(place) · q returns"
        sessions.append(nested)
        return .opened(nested)
    }
}
