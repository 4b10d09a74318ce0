import Dispatch
import ArchiveCore
import ArchiveDocuments
import ArchiveOutput
import ArchiveRecovery

/// Opens and checks the archives of a source, as `--check` checks one file: the problems of the
/// container around each archive (a damaged ZIP entry) come first, then the archive's own.
package enum SourceCheck {
    /// How one archive of a source came out.
    package struct Result: Sendable {
        /// The archive's format as decoded (`bplist00`, `typedstream`; `unreadable` when not read).
        package var format: String
        package var diagnostics: [Diagnostic]
        /// 0 clean, 1 errors or warnings, 2 not read or not decoded (as for a file).
        package var status: Int32
        /// Why the archive could not be read, when it could not.
        package var failure: String?

        /// The format as `--check` names a file's (`CheckReport.header`: `binary plist (bplist00)`,
        /// `XML plist, UTF-16LE`), so an archive of a source reads as the same file named alone.
        package var formatDescription = "unreadable"

        /// Errors and warnings (notes do not count, as for the exit status).
        package var problemCount: Int { diagnostics.count { $0.severity >= .warning } + (failure == nil ? 0 : 1) }
    }

    /// The document of the archive at `place`, named by its label (`SOURCE:PLACE`, a folder's file by its
    /// path), with the container's problems;
    /// nil with the reason when it could not be read.
    package static func open(_ source: ArchiveSource, _ place: SourcePlace) -> (document: ArchiveDocument?, extraction: ArchiveSource.Extraction) {
        let extraction = source.extract(place)
        guard let input = extraction.input else { return (nil, extraction) }
        // Named as a file is: a label whose names are not all UTF-8 is shown (and given in JSON) escaped.
        let text = SourceReport.label(source, place, escaped: false), exact = SourceReport.isExact(source, place)
        let name = ArchiveDocument.Name(text: text, display: exact ? DisplayText.escape(text) : SourceReport.label(source, place), isExact: exact)
        return (ArchiveDocument.open(input, name: name), extraction)
    }

    /// Checks the archive at `place` fully (as `--check` does a file).
    package static func check(_ source: ArchiveSource, _ place: SourcePlace) -> Result {
        let (document, extraction) = open(source, place)
        guard let document else {
            return Result(format: "unreadable", diagnostics: extraction.problems, status: 2, failure: extraction.failure ?? "not read")
        }
        let diagnostics = extraction.problems + DocumentCheck.fullCheck(of: document)
        let status: Int32 = document.isDecoded ? CheckReport.exitStatus(diagnostics) : 2
        return Result(format: formatName(document), diagnostics: diagnostics, status: status, failure: nil, formatDescription: document.formatDescription)
    }

    /// `bplist00`, `gzip › typedstream`: the decoded format with its wrappers.
    package static func formatName(_ document: ArchiveDocument) -> String {
        let wrappers = document.input.wrappers.map { "\($0.kind.rawValue) › " }.joined()
        return wrappers + document.format.shortName
    }

    /// Checks every archive of `source` on all cores, handing the results to `emit` in list order.
    package static func checkAll(_ source: ArchiveSource, emit: (Int, Result) -> Bool) {
        let entries = source.entries
        inOrder(count: entries.count, work: { check(source, entries[$0].place) }, emit: emit)
    }
}
