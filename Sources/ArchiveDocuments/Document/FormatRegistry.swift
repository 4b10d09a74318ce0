import ArchiveCore
import BinaryPlist
import Bookmark
import IB3XML
import NIBArchive
import OpenStepPlist
import Typedstream
import XMLPlist

/// The formats this tool knows, in detection order: the one list that detection (`FormatDetector`),
/// opening (`ArchiveDocument.open`), the embedded-archive search (`EmbeddedArchives`), the source
/// listing (`SourceSniffer`), the unwrapper's archive test and the diagnostic catalog iterate. Each
/// descriptor lives in its format's folder; adding a format is that folder and one line here.
///
/// Order matters only between probes of the same stage (`FormatDescriptor.probeSignature`, then
/// `probeText`, then `probeStructure`): an IB3 archive's root element is tried before XML's starts,
/// XML's before OpenStep's text shape, a binary plist's trailer before an alias record's fields.
package enum FormatRegistry {
    /// Every format's descriptor, in detection order.
    package static let descriptors: [any FormatDescriptor] = [
        BinaryPlistFormat(),
        TypedstreamFormat(),
        NIBArchiveFormat(),
        BookmarkFormat(),
        RecognisedFormat(),
        IB3XMLFormat(),
        XMLPlistFormat(),
        OpenStepPlistFormat(),
    ]

    /// The descriptor that owns `format`; nil for `.empty` and `.unknown`, which no format owns.
    package static func descriptor(for format: ContainerFormat) -> (any FormatDescriptor)? {
        descriptors.first { $0.owns(format) }
    }

    /// Every format's diagnostic kinds.
    package static var catalogs: [[DiagnosticKind]] { descriptors.map(\.catalog).filter { !$0.isEmpty } }

    /// The raw signatures data values hold archives and records by, with their descriptors.
    static let signatures: [(signature: FormatSignature, descriptor: any FormatDescriptor)] =
        descriptors.flatMap { descriptor in descriptor.signatures.map { ($0, descriptor) } }
}

public extension ContainerFormat {
    /// What the format is called in headers and messages (its descriptor's display name).
    var description: String {
        switch self {
        case .empty: "empty file"
        case .unknown: "unknown"
        default: FormatRegistry.descriptor(for: self)?.displayName(of: self) ?? "unknown"
        }
    }

    /// A short name for markers and messages: `bplist00`, `XML plist`, `typedstream`.
    var shortName: String { FormatRegistry.descriptor(for: self)?.shortName(of: self) ?? description }

    /// The stable short name `--json` gives the format: `bplist00`, `xml`, `openstep`, `typedstream`, …
    var jsonName: String {
        switch self {
        case .empty: "empty"
        case .unknown: "unknown"
        default: FormatRegistry.descriptor(for: self)?.jsonName(of: self) ?? "unknown"
        }
    }

    /// Whether the format is a binary archive format this tool decodes (a text-mode transfer damages it).
    package var isBinaryArchive: Bool { FormatRegistry.descriptor(for: self)?.isBinaryArchive(self) ?? false }

    /// Whether the format is one Apple writes beside archives that this tool recognises without
    /// decoding (`AppleFormat` lists them): named in a note, never damage.
    var isRecognised: Bool { FormatRegistry.descriptor(for: self)?.isRecognised(self) ?? false }

    /// Whether this tool decodes the format.
    var isDecodable: Bool { FormatRegistry.descriptor(for: self)?.isDecodable(self) ?? false }

    /// Whether the format is a record (bookmark data, an alias record), not an archive of objects.
    var isRecord: Bool { FormatRegistry.descriptor(for: self)?.isRecord ?? false }
}

extension ContainerFormat: CustomStringConvertible {}

package extension GraphKind {
    /// The kind a graph of `container` is read as, for graphs that do not say (stand-ins in tests):
    /// a property-list container is taken as a keyed archive.
    init(container: ContainerFormat) {
        self = FormatRegistry.descriptor(for: container)?.graphKind(of: container) ?? .unreadable
    }
}

extension ObjectGraph {
    /// What a graph that does not say is read as: its container's kind (every format's graph says;
    /// stand-ins in tests do not).
    public var graphKind: GraphKind { GraphKind(container: container) }
}
