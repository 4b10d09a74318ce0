import ArchiveCore
import ArchiveAudit
import ArchiveDocuments
import ArchiveSources
import KeyedArchive

/// Every diagnostic kind any producer can report, gathered from the producers' catalogs.
public enum DiagnosticRegistry {
    /// All kinds, sorted by id.
    public static let all: [DiagnosticKind] = catalogs.flatMap { $0 }.sorted { $0.id < $1.id }

    /// The catalogs, one per producer: each format's (`FormatDescriptor.catalog`, through the
    /// registry), and those of the layers every format shares. A new producer that is not a format
    /// adds its catalog here.
    static var catalogs: [[DiagnosticKind]] {
        [
            DocumentCode.kinds,
            DamageCode.kinds,
            WrapperCode.kinds,
            KeyedArchiveCode.kinds,
            TextEncodingCode.kinds,
            SourceCode.kinds,
            SecurityCode.kinds,
        ] + FormatRegistry.catalogs
    }

    private static let byID: [String: DiagnosticKind] = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })

    /// The kind registered under `id`, or nil.
    public static func kind(_ id: String) -> DiagnosticKind? { byID[id] }

    /// Up to `limit` registered ids closest to `id` (edit distance, then shared prefix), for an
    /// unknown id given to `--explain`.
    package static func nearest(to id: String, limit: Int = 3) -> [String] {
        let query = Array(id.lowercased().utf8.prefix(200))
        let scored = all.map { kind -> (Int, String) in
            let candidate = Array(kind.id.utf8)
            let distance = EditDistance.between(query, candidate)
            let contains = kind.id.contains(id.lowercased()) && !id.isEmpty
            return (contains ? 0 : distance, kind.id)
        }
        return scored.sorted { $0 < $1 }.prefix(limit).map(\.1)
    }
}
