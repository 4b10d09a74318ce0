import ArchiveCore

/// The graph of an input this tool does not decode: no objects, one diagnostic saying what was found.
package final class UnreadableGraph: ObjectGraph, Sendable {
    package let input: InputBytes
    package let container: ContainerFormat
    package let openDiagnostics: [Diagnostic]
    /// An archive this tool decodes found further into an input of unknown format (see
    /// `EmbeddedArchive.archive(after:)`): where it starts and its format.
    package let archiveInside: (offset: Int, format: ContainerFormat)?

    /// What the input holds instead of an archive, when that was identified.
    package let foreign: ForeignContent?

    package init(input: InputBytes, format: ContainerFormat, foreign: ForeignContent? = nil) {
        self.input = input
        container = format
        self.foreign = foreign
        archiveInside = format == .unknown ? EmbeddedArchive.archive(after: input) : nil
        let first = foreign.map { DamageDiagnostics.wrongContent($0, input: input) } ?? Self.diagnostic(input, format)
        openDiagnostics = [first] + (archiveInside.map { [Self.inside($0.offset, $0.format)] } ?? [])
    }

    /// The note naming an archive found inside: the browser opens it with `o`.
    static func inside(_ offset: Int, _ format: ContainerFormat) -> Diagnostic {
        Diagnostic(DocumentCode.archiveInside,
                   English.article("\(format.shortName) archive") + " starts at offset \(offset), after \(ValueFormatter.byteCount(offset)) of another format; the browser opens it with o",
                   range: ByteRange(offset, offset.addingReportingOverflow(8).partialValue))
    }

    package var graphKind: GraphKind { .unreadable }
    package var archiveKind: String { "unreadable" }
    package var objectCount: Int { 0 }
    package var topLevel: [Field] { [] }
    package func object(_ id: ObjectID) -> GraphObject {
        GraphObject(id: id, kind: .invalid, diagnostics: openDiagnostics)
    }
    package func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] { openDiagnostics }

    /// What the input is, said by the descriptor of a format recognised and not decoded (a bplist
    /// variant, Apple's other formats, GNUstep, Xcode 5+ documents), else: empty, or not an archive.
    static func diagnostic(_ input: InputBytes, _ format: ContainerFormat) -> Diagnostic {
        if let note = FormatRegistry.descriptor(for: format)?.notDecodedNote(input, format) { return note }
        if case .empty = format { return Diagnostic(DocumentCode.empty, "the file is empty (0 bytes)", range: ByteRange(0, 0)) }
        return Diagnostic(DocumentCode.unknown, "not an archive this tool reads (not a bplist, XML or OpenStep plist, or typedstream); "
                          + "first bytes: \(input.prefixDescription())", range: ByteRange(0, Swift.min(16, input.count)))
    }
}
