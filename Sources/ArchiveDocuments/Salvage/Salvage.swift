import ArchiveCore
import KeyedArchive

/// `--salvage`: a new, valid binary plist holding everything that decodes from an opened document.
///
/// - A keyed archive (binary or XML) becomes a keyed archive (see `KeyedSalvage`).
/// - A plain property list (binary, XML or OpenStep) becomes a binary plist of its decodable part:
///   elements and keys that do not decode are left out, each reported.
/// - A value Python's plistlib refuses though CF reads it (a date outside the years 1 to 9999) is
///   written as a placeholder (`SalvagePlaceholder`, `ReaderLimits`).
/// - `salvage(repaired:damaged:name:)` adds the rules that keep a salvage from making things worse.
/// - Typedstream, NIBArchive and undecoded inputs are refused: their objects have no keyed form a
///   reader would take for the original (typedstream fields have no names; a nib is read by UIKit's
///   `UINibDecoder`, not `NSKeyedUnarchiver`), so a converted file would be a different document.
package enum Salvage {
    /// What a salvage gave.
    package enum Outcome: Sendable {
        /// The new file's bytes and what was changed to make them.
        case written(bytes: [UInt8], report: SalvageReport)
        /// Nothing was written; the message says why.
        case refused(String)
    }

    /// Salvages `document`.
    package static func salvage(_ document: ArchiveDocument) -> Outcome {
        if let keyed = document.graph as? KeyedArchiveGraph {
            let (bytes, report) = KeyedSalvage.salvage(keyed)
            return .written(bytes: bytes, report: report)
        }
        if let plain = document.graph as? PlistObjectGraph { return plainPlist(plain.tree) }
        switch document.format {
        case .typedstream:
            return .refused("a typedstream (NSArchiver) archive cannot be salvaged into a keyed archive: its fields have no names, "
                + "so no keyed reader would take the result for the original; use --dump or --json to read what decodes")
        case .nibArchive:
            return .refused("a NIBArchive nib cannot be salvaged: it is read by UINibDecoder, not NSKeyedUnarchiver, and this tool "
                + "writes no nibs; use --dump or --json to read what decodes")
        default:
            return .refused("the input is \(English.article(document.format.description)), not an archive this tool decodes, so nothing can be salvaged")
        }
    }

    /// A plain plist: the root and everything below it that decodes.
    static func plainPlist(_ tree: any PlistTree) -> Outcome {
        guard let root = tree.rootID else { return .refused("the property list has no readable root object, so nothing can be salvaged") }
        var salvager = PlistSalvager(tree: tree)
        salvager.inlinePlaceholders = true
        switch salvager.convert(root, object: root, key: nil) {
        case .unusable(let why):
            return .refused("the property list's root object does not decode (\(why)), so nothing can be salvaged")
        case .written(let index):
            salvager.builder.topObject = index
            var report = SalvageReport()
            report.changes = salvager.changes
            report.objectCount = salvager.builder.objects.count
            report.keptObjects = salvager.builder.objects.count
            report.contentValues = salvager.valuesWritten
            return .written(bytes: salvager.builder.build().bytes, report: report)
        }
    }
}
