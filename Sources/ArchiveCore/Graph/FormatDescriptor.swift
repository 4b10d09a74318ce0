/// Everything the rest of the tool knows of one container format, declared in the format's own folder
/// (`BinaryPlist/BinaryPlistFormat.swift`, `IB3XML/IB3XMLFormat.swift`, …) and listed once in
/// `FormatRegistry`. Detection, opening, the embedded-archive search, source listing, the unwrapper,
/// the diagnostic catalog and the format's names go through it, so adding a format is a folder and
/// one registry line (docs/ARCHITECTURE.md).
///
/// A format's identity is the typed `ContainerFormat` (a descriptor may own several: a typedstream's
/// two byte orders, bookmark data and alias records), never a display string. Hooks a format does
/// not have are left to the defaults below (no signature, no probe, not searched in data values).
///
/// Sits with `ObjectGraph` (it opens bytes into a graph or a plist tree): below the formats, which
/// conform to it, and below the document layer, which lists them.
package protocol FormatDescriptor: Sendable {
    /// Whether `format` is one of this descriptor's identities.
    func owns(_ format: ContainerFormat) -> Bool
    /// What `format` is called in headers and messages: `XML plist`, `typedstream (big-endian)`.
    func displayName(of format: ContainerFormat) -> String
    /// A short name for markers and messages (`bplist00`, `typedstream`); the display name by default.
    func shortName(of format: ContainerFormat) -> String
    /// The stable name `--json` gives `format`: `bplist00`, `xml`, `ib3xml`.
    func jsonName(of format: ContainerFormat) -> String

    /// The format of `bytes` when its signature starts them (the surest evidence; tried first, for
    /// every descriptor in registry order).
    func probeSignature(_ bytes: InputBytes) -> ContainerFormat?
    /// The format of text (UTF-8, transcoded from UTF-16/32 by the detector) whose first character
    /// that is not blank or a byte-order mark is at `offset`; tried when no signature matched.
    func probeText(_ text: InputBytes, from offset: Int) -> ContainerFormat?
    /// The format of `bytes` that have neither a signature nor text shape but whose structure fits
    /// (a binary plist's trailer, an alias record's fields); the weakest evidence, tried last.
    func probeStructure(_ bytes: InputBytes) -> ContainerFormat?

    /// What `input` (detected as `format`) reads as: a plist tree (the document layer gives it keyed
    /// or plain semantics) or an object graph; nil when the format is recognised, not decoded.
    /// Problems are diagnostics of the reading, never a failure.
    func open(_ input: InputBytes, as format: ContainerFormat) -> FormatReading?
    /// What a graph of `format` is read as when the graph does not say (stand-ins in tests).
    func graphKind(of format: ContainerFormat) -> GraphKind
    /// Whether this tool decodes `format` (`open` gives a reading).
    func isDecodable(_ format: ContainerFormat) -> Bool
    /// Whether `format` is an Apple format recognised but not decoded (named in a note, never damage).
    func isRecognised(_ format: ContainerFormat) -> Bool
    /// Whether `format` is a binary archive format (a text-mode transfer damages it).
    func isBinaryArchive(_ format: ContainerFormat) -> Bool
    /// Whether the format is a record (bookmark data), not an archive of objects: exported as the
    /// data it is, never searched for behind a foreign header.
    var isRecord: Bool { get }
    /// Whether text of another kind (an HTML page, JSON, CSV) may pass the probe that found `format`,
    /// so an input detected as it is still looked at for foreign content (`ForeignContent`).
    func admitsForeignText(_ format: ContainerFormat) -> Bool
    /// The note for an input in `format` that is recognised, not decoded (`UnreadableGraph` shows it).
    func notDecodedNote(_ input: InputBytes, _ format: ContainerFormat) -> Diagnostic?

    /// The raw signatures a data value holding the format shows (their base64 and hex forms are
    /// derived: `FormatSignature`), for the embedded-archive search.
    var signatures: [FormatSignature] { get }
    /// Whether a raw `signature` at `offset` of `input` goes on as the format does (the word "book" is
    /// common in keys): a check after the signature, before a data value is looked at.
    func confirms(_ signature: FormatSignature, at offset: Int, in input: InputBytes) -> Bool
    /// The fewest bytes of a data value detected as `format` that are opened as an embedded archive;
    /// nil when a data value in `format` is not one (IB3 XML, text that looks like OpenStep).
    func embeddedMinimumCount(of format: ContainerFormat) -> Int?
    /// A data value's format when no signature says it (an alias record), checked after detection.
    func embeddedProbe(_ bytes: [UInt8]) -> ContainerFormat?
    /// What every data value this descriptor's probes accept shows (`EmbeddedPretest` skips a value
    /// that shows no format's clue); by default the first bytes of `signatures` that start data. A
    /// format whose probes accept more (text after blanks, a trailer, fields) says so here.
    var embeddedClues: EmbeddedClues { get }

    /// How strongly the first bytes `head` (detected as `format`) show the format, for the source
    /// listing and the unwrapper; nil when they do not show it.
    func evidence(of format: ContainerFormat, in head: [UInt8]) -> ContentEvidence?
    /// Name endings under which text of only the format's shape is listed as a source (`.strings`).
    var sourceNameSuffixes: [String] { get }

    /// The format's diagnostic kinds (its catalog), for `DiagnosticRegistry` and `--explain`.
    var catalog: [DiagnosticKind] { get }

    /// `damage.truncated` when a binary input in `format` ends before its own numbers say it should
    /// (a trailer, declared lengths, table extents), with where the cut fell and how much is missing;
    /// `errors` are the reading's errors, `graph` its graph when the caller has it. Nil when the numbers
    /// show no cut. Asked of binary archive formats (`isBinaryArchive`); a text format's cut is told
    /// by its decoder's "ends inside" diagnostics.
    func truncation(of input: InputBytes, errors: [Diagnostic], graph: (any ObjectGraph)?) -> Diagnostic?

    /// What the format's own numbers decide about `damaged`, a copy of a file in `format` after
    /// `conversion` (one that lost information: `crToLF`, `crlfToLF`): where the repair's search starts.
    /// Nil when those numbers fit no reading of the conversion (a blind search could only spend the time
    /// limit); the default decides nothing and leaves every LF byte open (a format read front to back).
    func lineEndingStructure(of damaged: [UInt8], as format: ContainerFormat, undoing conversion: LineEndingConversion,
                             context: LineEndingContext) -> LineEndingStructure?
    /// What the format's own numbers show of a line-ending conversion in `input` (a binary archive of
    /// this format holding `lfCount` LF and `crCount` CR bytes); by default nothing.
    func lineEndingSigns(of input: InputBytes, lfCount: Int, crCount: Int) -> LineEndingSigns
    /// How the damage analysis reads `format`'s problems; by default as local to the bytes they name.
    func damageTraits(of format: ContainerFormat) -> DamageTraits
    /// Whether the format's own numbers (a trailer, declared lengths) fit `bytes`, a reading proposed for
    /// a damaged file; by default it has none.
    func numbersFit(_ bytes: [UInt8]) -> NumbersFit
    /// Why `--salvage` writes nothing for an input in `format` whose graph cannot be salvaged (it is
    /// not a `SalvageableGraph`: a typedstream, a nib, a record). By default: not decoded.
    func salvageRefusal(of format: ContainerFormat) -> SalvageOutcome
}

/// What a format's `open` reads: a property-list tree (binary, XML, OpenStep) or an object graph.
package enum FormatReading: Sendable {
    case tree(any PlistTree)
    case graph(any ObjectGraph)
}

/// How strongly the first bytes of an input show its format, from surest to weakest.
package enum ContentEvidence: Sendable, Hashable {
    /// A binary signature at the start (`bplist00`, `NIBArchive`, `book`).
    case signature
    /// No signature, but fields that fit the format's structure (an alias record).
    case structure
    /// Text with the format's own markup (`<plist`, an IB3 `<archive type="com.apple.InterfaceBuilder3…">`).
    case markup
    /// Text of the format's shape only (OpenStep, XML with no plist markup in its first bytes).
    case shape
}

package extension FormatDescriptor {
    func shortName(of format: ContainerFormat) -> String { displayName(of: format) }
    func probeSignature(_ bytes: InputBytes) -> ContainerFormat? { nil }
    func probeText(_ text: InputBytes, from offset: Int) -> ContainerFormat? { nil }
    func probeStructure(_ bytes: InputBytes) -> ContainerFormat? { nil }
    func isDecodable(_ format: ContainerFormat) -> Bool { owns(format) }
    func isRecognised(_ format: ContainerFormat) -> Bool { false }
    func isBinaryArchive(_ format: ContainerFormat) -> Bool { false }
    var isRecord: Bool { false }
    func admitsForeignText(_ format: ContainerFormat) -> Bool { false }
    func notDecodedNote(_ input: InputBytes, _ format: ContainerFormat) -> Diagnostic? { nil }
    var signatures: [FormatSignature] { [] }
    func confirms(_ signature: FormatSignature, at offset: Int, in input: InputBytes) -> Bool { true }
    func embeddedMinimumCount(of format: ContainerFormat) -> Int? { nil }
    func embeddedProbe(_ bytes: [UInt8]) -> ContainerFormat? { nil }
    var embeddedClues: EmbeddedClues { EmbeddedClues(signatures: signatures) }
    func evidence(of format: ContainerFormat, in head: [UInt8]) -> ContentEvidence? { nil }
    var sourceNameSuffixes: [String] { [] }
    var catalog: [DiagnosticKind] { [] }
    func truncation(of input: InputBytes, errors: [Diagnostic], graph: (any ObjectGraph)?) -> Diagnostic? { nil }
    func lineEndingStructure(of damaged: [UInt8], as format: ContainerFormat, undoing conversion: LineEndingConversion,
                             context: LineEndingContext) -> LineEndingStructure? { LineEndingStructure() }
    func lineEndingSigns(of input: InputBytes, lfCount: Int, crCount: Int) -> LineEndingSigns { LineEndingSigns() }
    func damageTraits(of format: ContainerFormat) -> DamageTraits { DamageTraits() }
    func numbersFit(_ bytes: [UInt8]) -> NumbersFit { .noNumbers }
    func salvageRefusal(of format: ContainerFormat) -> SalvageOutcome { .notDecoded(displayName(of: format)) }
}
