import ArchiveDocuments
import ArchiveCore
import ArchivePresentation

extension KeyPath {
    /// One key as a component of the extract form (`\.` for a dot, `\\` for a backslash).
    package static func escapedComponent(_ key: String) -> String { escape(key) }

    /// Keys (unescaped, as `parse(extractForm:)` gives them) joined in the extract form.
    package static func escapedForm(_ components: [String]) -> String {
        components.map(escape).joined(separator: ".")
    }
}
