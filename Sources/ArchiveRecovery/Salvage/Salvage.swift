import ArchiveCore
import ArchiveDocuments

/// `--salvage`: a new, valid file holding everything that decodes from an opened document.
///
/// - A graph that can be salvaged says how (`SalvageableGraph`, in the `KeyedArchive` target): a keyed
///   archive (binary or XML) becomes a keyed archive (`KeyedSalvage`); a plain property list (binary,
///   XML or OpenStep) becomes a binary plist of its decodable part: elements and keys that do not
///   decode are left out, each reported.
/// - A value Python's plistlib refuses though CF reads it (a date outside the years 1 to 9999) is
///   written as a placeholder (`SalvagePlaceholder`, `ReaderLimits`).
/// - `salvage(repaired:damaged:name:)` adds the rules that keep a salvage from making things worse.
/// - Any other format is refused with its descriptor's reason (`FormatDescriptor.salvageRefusal`):
///   typedstream and nib objects have no keyed form a reader would take for the original (typedstream
///   fields have no names; a nib is read by UIKit's `UINibDecoder`, not `NSKeyedUnarchiver`), so a
///   converted file would be a different document.
package enum Salvage {
    /// What a salvage gave.
    package enum Outcome: Sendable {
        /// The new file's bytes and what was changed to make them.
        case written(bytes: [UInt8], report: SalvageReport)
        /// Nothing was written; the message says why.
        case refused(String)

        init(_ outcome: SalvageOutcome) {
            switch outcome {
            case .written(let bytes, let content): self = .written(bytes: bytes, report: SalvageReport(content: content))
            case .refused(let why): self = .refused(why)
            }
        }
    }

    /// Salvages `document`.
    package static func salvage(_ document: ArchiveDocument) -> Outcome {
        if let graph = document.graph as? any SalvageableGraph { return Outcome(graph.salvage()) }
        guard let descriptor = FormatRegistry.descriptor(for: document.format) else {
            return Outcome(.notDecoded(document.format.description))
        }
        return Outcome(descriptor.salvageRefusal(of: document.format))
    }
}
