/// One producer's registry of diagnostic kinds: every id it can report, with its default severity, a
/// one-line summary and a one-paragraph explanation (`--explain ID`).
///
/// Each decoder or rule family declares one `String`-backed, `CaseIterable` enum conforming to this
/// protocol (`BinaryPlistCode`, `XMLPlistCode`, …); `DiagnosticRegistry.all` gathers them, so an id
/// cannot be reported without being documented, and the README's table is generated from the same list.
package protocol DiagnosticCatalog: CaseIterable, Hashable, Sendable, RawRepresentable where RawValue == String {
    /// The severity the kind has unless a producer states another for one instance (for example a
    /// trailer size that is an error when zero and a note when merely unusual).
    var severity: Severity { get }
    /// What the diagnostic means, in one line.
    var summary: String { get }
    /// One paragraph: what it means, how Apple's reader behaves, what usually causes it, what to do.
    var explanation: String { get }
}

/// A registered diagnostic kind, independent of the catalog that declares it.
public struct DiagnosticKind: Hashable, Sendable {
    /// The stable id (`bplist.ref.out-of-range`).
    public let id: String
    /// The default severity.
    public let severity: Severity
    /// What the diagnostic means, in one line.
    public let summary: String
    /// The `--explain` paragraph.
    public let explanation: String

    /// The kind of catalog entry `code`.
    package init<Code: DiagnosticCatalog>(_ code: Code) {
        self.id = code.rawValue
        self.severity = code.severity
        self.summary = code.summary
        self.explanation = code.explanation
    }

    /// The id's family: the part before the first dot (`bplist`, `keyed`, `damage`).
    package var family: String { String(id.prefix { $0 != "." }) }
}

extension DiagnosticCatalog {
    /// This entry as a catalog-independent kind.
    package var kind: DiagnosticKind { DiagnosticKind(self) }

    /// Every entry of the catalog as kinds.
    package static var kinds: [DiagnosticKind] { allCases.map(\.kind) }
}
