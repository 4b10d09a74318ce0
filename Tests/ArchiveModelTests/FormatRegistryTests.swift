import Foundation
import FuzzSupport
import Testing
@testable import ArchiveModel
@testable import KeyedArchive
@testable import Typedstream
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveSources

/// The format registry (issue 35 item 1): every descriptor's probe accepts a minimal sample of its
/// format and stays out of the others' way, and every signature's derived base64 and hex forms are
/// found by the embedded-archive search inside a data value. A descriptor added to the registry
/// without a sample here fails `everyDescriptorHasASample`.
@Suite struct FormatRegistryTests {
    /// A minimal sample per descriptor, by the descriptor's type name; several where it owns several
    /// formats that are detected differently.
    static let samples: [String: [[UInt8]]] = [
        "BinaryPlistFormat": [DemoArchive.bytes()],
        "TypedstreamFormat": [FormatDamageTests.typedstream.bytes, bigEndianTypedstream()],
        "NIBArchiveFormat": [FormatDamageTests.nib.bytes],
        "BookmarkFormat": [BookmarkBuilder.sample().build().bytes, BookmarkAliasRecordTests.sound],
        "RecognisedFormat": [Array("xar!".utf8) + [0x00, 0x1C, 0x00, 0x01] + [UInt8](repeating: 0, count: 24),
                             Array("GNUstep archive".utf8) + [0x30, 0x30, 0x30, 0x30, 0x32, 0x65, 0x38, 0x63, 0x3A]],
        "IB3XMLFormat": [IB3ArchiveBuilder.sample().finished()],
        "XMLPlistFormat": [Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>a</key><string>b</string></dict></plist>\n".utf8)],
        "OpenStepPlistFormat": [Array("{ a = b; list = (1, 2); }\n".utf8)],
    ]

    static func bigEndianTypedstream() -> [UInt8] {
        var w = TypedstreamWriter(bigEndian: true)
        w.header()
        w.types("@")
        w.beginObject([("NSString", 1), ("NSObject", 0)])
        w.types("+")
        w.unshared("big")
        w.endObject()
        return w.bytes
    }

    static func name(_ descriptor: any FormatDescriptor) -> String { String(describing: type(of: descriptor)) }

    /// The stage (0 signature, 1 text, 2 structure) at which `descriptor` accepts `bytes`, and the format.
    static func probe(_ descriptor: any FormatDescriptor, _ bytes: [UInt8]) -> (stage: Int, format: ContainerFormat)? {
        let input = InputBytes(bytes)
        if let format = descriptor.probeSignature(input) { return (0, format) }
        if let (text, offset) = FormatDetector.textStart(input), let format = descriptor.probeText(text, from: offset) { return (1, format) }
        if let format = descriptor.probeStructure(input) { return (2, format) }
        return nil
    }

    /// Damage through the descriptor: each binary archive format's own numbers tell that its sample
    /// was cut (`truncation(of:errors:graph:)`, which `TruncationEvidence` asks), and say nothing of
    /// the whole sample. A binary format that left the hook to its default (nil) fails here.
    @Test func eachBinaryArchiveFormatTellsACutOfItsSample() {
        for descriptor in FormatRegistry.descriptors {
            for sample in Self.samples[Self.name(descriptor)] ?? [] {
                guard let (_, format) = Self.probe(descriptor, sample), descriptor.isBinaryArchive(format) else { continue }
                let whole = descriptor.truncation(of: InputBytes(sample), errors: [], graph: nil)
                #expect(whole == nil, "\(Self.name(descriptor)): the whole sample reads as cut: \(whole?.message ?? "")")
                let cut = InputBytes(Array(sample.dropLast(10)))
                let found = descriptor.truncation(of: cut, errors: [], graph: nil)
                #expect(found?.id == DamageCode.truncated.rawValue, "\(Self.name(descriptor)): no cut found in its sample less 10 bytes")
            }
        }
    }

    /// `--salvage` of each format's sample: a graph that can be salvaged is written; any other decoded
    /// format says why through its descriptor, never that it is not decoded.
    @Test func eachDecodedFormatIsSalvagedOrSaysWhyNot() {
        for descriptor in FormatRegistry.descriptors {
            for sample in Self.samples[Self.name(descriptor)] ?? [] {
                let document = ArchiveDocument.open(InputBytes(sample), name: "sample")
                guard descriptor.owns(document.format), descriptor.isDecodable(document.format) else { continue }
                switch Salvage.salvage(document) {
                case .written(let bytes, _):
                    #expect(document.graph is any SalvageableGraph, "\(Self.name(descriptor)): written without a salvageable graph")
                    #expect(ArchiveDocument.open(InputBytes(bytes), name: "").isDecoded)
                case .refused(let why):
                    #expect(!(document.graph is any SalvageableGraph), "\(Self.name(descriptor)): refused: \(why)")
                    #expect(!why.contains("not an archive this tool decodes"), "\(Self.name(descriptor)) refuses as not decoded: \(why)")
                }
            }
        }
    }

    @Test func everyDescriptorHasASample() {
        for descriptor in FormatRegistry.descriptors {
            #expect(!(Self.samples[Self.name(descriptor)] ?? []).isEmpty, "no sample for \(Self.name(descriptor))")
        }
        #expect(Set(FormatRegistry.descriptors.map(Self.name)).count == FormatRegistry.descriptors.count)
    }

    @Test func eachProbeAcceptsItsSampleAndDetectionAgrees() {
        for descriptor in FormatRegistry.descriptors {
            for sample in Self.samples[Self.name(descriptor)] ?? [] {
                let accepted = Self.probe(descriptor, sample)
                #expect(accepted.map { descriptor.owns($0.format) } == true, "\(Self.name(descriptor)) rejects its sample")
                let detected = FormatDetector.detect(InputBytes(sample))
                #expect(descriptor.owns(detected), "\(Self.name(descriptor))'s sample detected as \(detected)")
                #expect(detected == accepted?.format)
            }
        }
    }

    /// A probe may accept another format's sample only where that format's own probe answers first
    /// (an earlier stage, or the same stage earlier in the registry: XML's starts accept an IB3
    /// archive's `<?xml`, and IB3 is asked first).
    @Test func eachProbeRejectsTheOtherFormatsSamples() {
        let descriptors = FormatRegistry.descriptors
        for (index, descriptor) in descriptors.enumerated() {
            for (otherIndex, other) in descriptors.enumerated() where otherIndex != index {
                for sample in Self.samples[Self.name(other)] ?? [] {
                    guard let accepted = Self.probe(descriptor, sample) else { continue }
                    let own = Self.probe(other, sample)
                    let answersFirst = own.map { $0.stage < accepted.stage || ($0.stage == accepted.stage && otherIndex < index) } ?? false
                    #expect(answersFirst, "\(Self.name(descriptor)) takes \(Self.name(other))'s sample as \(accepted.format)")
                }
            }
        }
    }

    @Test func everyFormatHasOneOwnerAndNames() {
        let formats: [ContainerFormat] = [.binaryPlist, .binaryPlistVariant(version: "15"), .xmlPlist, .openStepPlist,
                                          .typedstream(bigEndian: true), .typedstream(bigEndian: false), .nibArchive, .ib3Archive,
                                          .interfaceBuilderDocument, .gnustepArchive, .bookmark(alias: false), .bookmark(alias: true)]
            + AppleFormat.allCases.map { .apple($0) }
        for format in formats {
            #expect(FormatRegistry.descriptors.filter { $0.owns(format) }.count == 1, "\(format)")
            #expect(!format.jsonName.isEmpty && format.jsonName != "unknown")
        }
        #expect(FormatRegistry.descriptor(for: .empty) == nil && FormatRegistry.descriptor(for: .unknown) == nil)
        #expect(Set(formats.map(\.jsonName)).count == formats.count - 1, "json names: the two typedstream byte orders share one")
    }

    @Test func theDerivedFormsAreTheSignaturesAsContainersHoldThem() {
        let bplist = FormatSignature(Array("bplist00".utf8))
        #expect(bplist.base64Forms == [Array("YnBsaXN0MD".utf8)])
        #expect(bplist.hexForms == [Array("62706c69".utf8)])
        #expect(FormatSignature([0xFF, 0xFF, 0, 0], startsData: false).hexForms == ["ffff0000", "ffff00 00", "ffff 0000", "ff ff0000"].map { Array($0.utf8) })
        #expect(FormatSignature(latin1: "\u{04}\u{0B}streamtyped").base64Forms == [Array("BAtzdHJlYW10eXBlZ".utf8)])
        // A mark inside the bytes is looked for at each of base64's three alignments.
        #expect(FormatSignature([0xFF, 0xFF, 0, 0], startsData: false).base64Forms == ["//8AA", "//AA", "//wAA"].map { Array($0.utf8) })
        // Each derived base64 form is found in the base64 of the signature after 0, 1 and 2 bytes.
        for entry in FormatRegistry.signatures {
            for lead in entry.signature.startsData ? [0] : [0, 1, 2] {
                let text = Array(Data([UInt8](repeating: 0x41, count: lead) + entry.signature.bytes).base64EncodedString().utf8)
                #expect(entry.signature.base64Forms.contains { form in MarkupScan.find(form, in: text, from: 0) != nil },
                        "\(entry.signature.bytes) after \(lead) bytes")
            }
        }
    }

    /// A binary plist, an XML plist and an OpenStep plist holding `payload` as a data value.
    static func containers(holding payload: [UInt8]) -> [(ContainerFormat, [UInt8])] {
        var b = BinaryPlistBuilder()
        let root = b.add(.null)
        let key = b.add(.string("payload")), value = b.add(.data(payload))
        b.objects[root] = .dict([(key, value)])
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>payload</key><data>"
            + Data(payload).base64EncodedString() + "</data></dict></plist>\n"
        var hex = ""
        for (i, byte) in payload.enumerated() { hex += (i > 0 && i % 4 == 0 ? " " : "") + String(format: "%02x", byte) }
        return [(.binaryPlist, b.build().bytes), (.xmlPlist, Array(xml.utf8)), (.openStepPlist, Array("{ payload = <\(hex)>; }\n".utf8))]
    }

    @Test func everySignaturesFormsAreFoundInsideADataValue() {
        for descriptor in FormatRegistry.descriptors where !descriptor.signatures.isEmpty {
            for sample in Self.samples[Self.name(descriptor)] ?? [] {
                guard let format = EmbeddedArchive.format(of: sample) else {
                    Issue.record("\(Self.name(descriptor))'s sample is not an embedded archive")
                    continue
                }
                #expect(descriptor.owns(format))
                for (container, bytes) in Self.containers(holding: sample) {
                    let document = ArchiveDocument.open(InputBytes(bytes), name: "outer")
                    #expect(document.format == container)
                    #expect(EmbeddedArchives.mayHoldArchives(document.input, container: container), "\(Self.name(descriptor)) in \(container)")
                    var found: [FoundArchive] = []
                    EmbeddedArchives.forEach(in: document.graph) { found.append($0); return true }
                    #expect(found.map(\.format) == [format], "\(Self.name(descriptor)) in \(container)")
                }
            }
        }
    }

    /// The answers that changed when the source listing and the unwrapper took the descriptors'
    /// evidence: plist markup past zero bytes, an IB3 archive's root element as markup.
    @Test func markupIsEvidenceWhereverItIsFound() throws {
        let xml = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>a</key><string>b</string></dict></plist>\n"
        let utf16: [UInt8] = [0xFF, 0xFE] + xml.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(SourceSniffer.archiveFormat(utf16, name: nil) == .xmlPlist)
        #expect(SourceSniffer.archiveFormat(Array("<?xml version=\"1.0\"?>\n<svg width=\"1\"/>\n".utf8), name: nil, inflated: true) == nil)
        let ib3 = Array(Data(IB3ArchiveBuilder.sample().finished()).base64EncodedString().utf8)
        let document = ArchiveDocument.open(InputBytes(ib3), name: "ib3.b64")
        #expect(document.format == .ib3Archive && document.input.wrappers.count == 1)
        // OpenStep shape alone is listed only under its names.
        let strings = Array("\"a\" = \"b\";\n".utf8)
        #expect(SourceSniffer.archiveFormat(strings, name: Array("Localizable.strings".utf8)) == .openStepPlist)
        #expect(SourceSniffer.archiveFormat(strings, name: Array("notes.txt".utf8)) == nil)
    }

    /// An OpenStep plist writes data in groups of four bytes: an alias record's end tag is found
    /// wherever a group boundary falls in it.
    @Test func anAliasRecordsEndTagIsFoundAtEachGroupPosition() {
        var residues = Set<Int>()
        for name in ["a.txt", "ab.txt"] {
            let record = BookmarkAliasRecordTests.v3(BookmarkAliasRecordTests.tags([(14, BookmarkAliasRecordTests.utf16(name))]))
            residues.insert((record.count - 4) % 4)
            guard let (_, text) = Self.containers(holding: record).first(where: { $0.0 == .openStepPlist }) else { continue }
            let document = ArchiveDocument.open(InputBytes(text), name: "outer.plist")
            var found: [ContainerFormat] = []
            EmbeddedArchives.forEach(in: document.graph) { found.append($0.format); return true }
            #expect(found == [.bookmark(alias: true)], "end tag at \((record.count - 4) % 4) of a group")
        }
        #expect(residues == [0, 2])
    }

    @Test func theCatalogIsTheFormatsCatalogsAndTheOthers() {
        let ids = Set(DiagnosticRegistry.all.map(\.id))
        for descriptor in FormatRegistry.descriptors {
            #expect(descriptor.catalog.allSatisfy { ids.contains($0.id) })
        }
        #expect(ids.contains("ib3.document.source") && ids.contains("bookmark.alias.size-mismatch"))
    }
}
