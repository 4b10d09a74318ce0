/// Whole-file causes of damage: what happened to the file, not where its symptoms are. Each is
/// asserted only with evidence (its notes), and reported before the per-offset diagnostics.
package enum DamageCode: String, DiagnosticCatalog {
    case truncated = "damage.truncated"
    case zeroFilled = "damage.zero-filled"
    case lineEndings = "damage.line-endings"
    case reencoded = "damage.reencoded"
    case wrongContent = "damage.wrong-content"
    case mergeConflict = "damage.merge-conflict"

    package var severity: Severity { .error }

    package var summary: String {
        switch self {
        case .truncated: "the file ends early: its tail (and what it held) is missing"
        case .zeroFilled: "runs of zero bytes stand where the archive's data must be"
        case .lineEndings: "a text-mode transfer rewrote CR/LF bytes inside binary data"
        case .reencoded: "binary bytes went through a text re-encoding (Latin-1 → UTF-8, or U+FFFD replacement)"
        case .wrongContent: "the file holds something else (a web page, JSON, an image, a ZIP…), not an archive"
        case .mergeConflict: "a text plist holds unresolved git merge-conflict markers (<<<<<<<, =======, >>>>>>>)"
        }
    }

    /// Two or three words for the browser's status line ("likely cause: truncated").
    package var label: String {
        switch self {
        case .truncated: "truncated"
        case .zeroFilled: "zero-filled"
        case .lineEndings: "text-mode transfer (line endings)"
        case .reencoded: "re-encoded as text"
        case .wrongContent: "not an archive"
        case .mergeConflict: "unresolved merge conflict"
        }
    }
}
