import Foundation
@testable import ArchiveModel
@testable import ArchiveCore
@testable import BinaryPlist
@testable import XMLPlist
@testable import OpenStepPlist
@testable import KeyedArchive
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import Bookmark
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveOutput
@testable import ArchiveAudit
@testable import ArchiveSources
import TestSupport

/// Helpers for the export tests: open bytes, export them, parse the JSON back.
enum ExportFixture {
    static func document(_ bytes: [UInt8], name: String = "fixture") -> ArchiveDocument {
        ArchiveDocument.open(InputBytes(bytes), name: name)
    }

    /// The whole document exported with `sink`'s format, as bytes.
    /// Embedded archives are exported as archives, as `--unarchive` does, within `budget` if given.
    static func export(_ document: ArchiveDocument, format: String = "json", budget: EmbeddedBudget? = nil) -> [UInt8] {
        var out: [UInt8] = []
        var exporter = ArchiveExporter(shapes: ExportShapes.followingEmbeddedArchives(of: document.graph, budget: budget))
        let root = exporter.shapes.root
        switch format {
        case "xml1":
            var sink = XMLPlistExportSink { out += $0 }
            exporter.write(root, to: &sink)
        case "binary1":
            var sink = BinaryPlistExportSink { out += $0 }
            exporter.write(root, to: &sink)
        default:
            var sink = JSONExportSink { out += $0 }
            exporter.write(root, to: &sink)
        }
        return out
    }

    static func json(_ bytes: [UInt8]) -> String { String(decoding: export(document(bytes)), as: UTF8.self) }

    /// The exported JSON parsed by Foundation.
    static func parsed(_ bytes: [UInt8]) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(export(document(bytes))), options: [.fragmentsAllowed])
    }

    /// A keyed archive of a library: two books sharing an author, each pointing back at the library
    /// (a cycle), a dictionary, a set, a date, data, a UUID and keys that start with `$`.
    static func library() -> [UInt8] { LibraryFixture.library() }
}
