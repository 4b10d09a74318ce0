import ArchiveModel
import Dispatch
import Synchronization

/// The full check of a document, run on another core from the moment it is made, while the caller
/// writes output that does not need its result (`--json`'s objects, an export). The check and the
/// writing each read the whole graph; side by side they take the time of the longer one.
final class BackgroundCheck: Sendable {
    private let result = Mutex<[Diagnostic]?>(nil)
    private let group = DispatchGroup()

    /// Starts checking `document`'s graph (with its embedded archives, as `--check` does).
    init(_ document: ArchiveDocument) {
        // Announced before it starts: an export begun meanwhile waits for its verdict on shared content.
        let checkEnded = DocumentCheck.expectFullCheck(of: document)
        DispatchQueue.global().async(group: group) {
            defer { checkEnded() }
            let diagnostics = DocumentCheck.fullCheck(of: document)
            self.result.withLock { $0 = diagnostics }
        }
    }

    /// The diagnostics, once the check has finished (waits for it).
    func diagnostics() -> [Diagnostic] {
        group.wait()
        return result.withLock { $0 } ?? []
    }
}
