/// The problems (errors and warnings) of archives embedded in a graph's data values (a keyed archive
/// in an NSData, a typedstream in a plist), as diagnostics of the graph itself: each names the object
/// holding the data, keeps its id and severity, and is placed at the bytes it is about when the
/// embedded bytes lie in the input as they are (else at the data holding them). So `--check`,
/// `--json`, the status line and the margin of the holding row count what an embedded archive gets
/// wrong. Notes (facts such as a typedstream's header) stay with the embedded archive: `o` and
/// `--dump` show them there.
///
/// Bounded: nesting stops at `maxDepth` levels, content repeated under several objects (one data
/// object listed by many table entries) is checked once, and past `byteBudget` a note says how many
/// embedded archives were left unchecked.
public enum EmbeddedCheck {
    /// Levels of archives inside archives that are checked (as `--dump` dumps them).
    public static let maxDepth = 3

    /// Bytes of embedded archives checked for one input: four times its size plus 64 MiB.
    public static func byteBudget(for input: InputBytes) -> Int {
        input.count.multipliedReportingOverflow(by: 4).partialValue.addingReportingOverflow(64 << 20).partialValue
    }

    /// What `--check` reports: the graph's full check, then its embedded archives' diagnostics.
    /// `progress` is the full check's; it is asked between embedded archives too.
    public static func fullCheck(of graph: any ObjectGraph, progress: (Double) -> Bool = { _ in true }) -> [Diagnostic] {
        graph.fullCheck(progress: { progress($0 * 0.95) }) + diagnostics(in: graph, shouldContinue: { progress(0.95) })
    }

    /// The embedded archives' diagnostics, mapped onto `graph`. `shouldContinue` is asked between
    /// archives; when it returns false the check stops with what it has.
    public static func diagnostics(in graph: any ObjectGraph, shouldContinue: () -> Bool = { true }) -> [Diagnostic] {
        var budget = byteBudget(for: graph.input)
        return diagnostics(in: graph, depth: 0, budget: &budget, shouldContinue: shouldContinue)
    }

    /// The work of `diagnostics(in:shouldContinue:)` from `depth` on, with `budget` bytes left (internal
    /// so that tests can set a small budget).
    static func diagnostics(in graph: any ObjectGraph, depth: Int, budget: inout Int,
                                    shouldContinue: () -> Bool) -> [Diagnostic] {
        guard depth < maxDepth, mayHoldArchives(graph.input, container: graph.container) else { return [] }
        var out: [Diagnostic] = []
        var checked = Set<ByteRange>()
        var skipped = 0
        EmbeddedData.forEach(in: graph) { found in
            guard shouldContinue() else { return false }
            if let range = found.range, !checked.insert(range).inserted { return true }
            guard found.bytes.count <= budget else { skipped += 1; return true }
            budget -= found.bytes.count
            let nested = EmbeddedArchive.open(found.bytes, name: "embedded")
            var inner = nested.graph.fullCheck(progress: { _ in shouldContinue() })
            inner += diagnostics(in: nested.graph, depth: depth + 1, budget: &budget, shouldContinue: shouldContinue)
            let offset = EmbeddedArchive.offset(of: found.bytes, candidates: found.range.map { [$0] } ?? [], in: graph.input)
            out += inner.filter { $0.severity >= .warning }.map { map($0, from: found, format: nested.format.shortName, offset: offset) }
            return true
        }
        if skipped > 0 {
            out.append(Diagnostic(DocumentCode.embeddedBudget,
                                  "\(skipped) more embedded \(English.noun(skipped, "archive")) \(skipped == 1 ? "was" : "were") not checked: "
                                  + "the embedded bytes checked for this input reached \(byteBudget(for: graph.input))"))
        }
        return out
    }

    /// The starts of the archives this tool decodes as a container's data values hold them: raw in a
    /// binary plist's data or a typedstream's byte array, base64 in an XML plist's `<data>`, hex in an
    /// OpenStep plist's `<…>`.
    static func archiveStarts(in container: ContainerFormat) -> [[UInt8]] {
        let starts: [String] = switch container {
        // The base64 characters that depend on the magic bytes alone (8 × length / 6 of them).
        case .xmlPlist: ["YnBsaXN0MD", "BAtzdHJlYW10eXBlZ", "BAt0eXBlZHN0cmVhb", "PD94bW", "PHBsaXN0", "TklCQXJjaGl2Z"]
        case .openStepPlist: ["62706c69", "040b7374", "040b7479", "3c3f786d", "3c706c69", "4e494241"]
        default: ["bplist00", "\u{04}\u{0B}streamtyped", "\u{04}\u{0B}typedstream", "<?xml", "<plist", "NIBArchive"]
        }
        return starts.map { Array($0.utf8) }
    }

    /// Whether `input` holds the start of an archive anywhere past its first byte, as a `container`
    /// holds data: one pass over the bytes that spares the object-by-object search the files (nearly
    /// all) that embed nothing.
    static func mayHoldArchives(_ input: InputBytes, container: ContainerFormat) -> Bool {
        var byFirst = [[[UInt8]]](repeating: [], count: 256)
        for start in archiveStarts(in: container) { if let b = start.first { byFirst[Int(b)].append(start) } }
        let bytes = input.buffer
        guard bytes.count > 1 else { return false }
        for offset in 1..<bytes.count {
            let candidates = byFirst[Int(bytes[offset])]
            if !candidates.isEmpty, candidates.contains(where: { input.matches($0, at: offset) }) { return true }
        }
        return false
    }

    /// `d`, found in an embedded archive, as a diagnostic of the graph holding it.
    static func map(_ d: Diagnostic, from found: EmbeddedData, format: String, offset: Int?) -> Diagnostic {
        let range: ByteRange? = if let offset, let r = d.range {
            shift(r, by: offset)
        } else {
            found.range
        }
        // "object #19, field \"1\"": a bare key after the number ("#19 1") read as one number.
        let holder = "object #\(found.holder)" + (found.key.map { ", field " + ValueFormatter.quoted($0) } ?? "")
        let notes = d.notes.map { note in
            DiagnosticNote(note.message + whereInside(note.range, note.position, shown: offset != nil),
                           range: offset.flatMap { o in note.range.map { shift($0, by: o) } })
        }
        // The string-id initializer, as a copy: `with` would keep the embedded document's line and column.
        return Diagnostic(d.id, d.severity, "in the \(format) embedded in \(holder)\(whereInside(d.range, d.position, shown: false)): \(d.message)",
                          range: range, object: found.holder, notes: notes)
    }

    /// ` at its offset 12 (3:4)`: where in the embedded archive, for a message (the offset only when the
    /// range cannot be `shown` in the holding input).
    private static func whereInside(_ range: ByteRange?, _ position: TextPosition?, shown: Bool) -> String {
        let at = shown ? "" : range.map { " at its offset \($0.start)" } ?? ""
        return at + (position.map { " (\($0))" } ?? "")
    }

    private static func shift(_ r: ByteRange, by offset: Int) -> ByteRange {
        ByteRange(offset.addingReportingOverflow(r.start).partialValue, offset.addingReportingOverflow(r.end).partialValue)
    }
}

/// A data value holding an archive: the object holding it, the field (for inline data), the bytes and
/// the range they were read from.
struct EmbeddedData {
    var holder: ObjectID
    var key: String?
    var bytes: [UInt8]
    var range: ByteRange?

    /// Hands `body` every data value of `graph` that holds an archive, one at a time, until it returns
    /// false: bare data objects, and data stored inline in an object's fields (NSData's `NS.data`
    /// refers to a bare data object, found as such).
    static func forEach(in graph: any ObjectGraph, _ body: (EmbeddedData) -> Bool) {
        let read = graph.makeStructureReader()
        for id in 0..<graph.objectCount {
            let object = read(id)
            if case .data(let bytes)? = object.value, EmbeddedArchive.format(of: bytes) != nil,
               !body(EmbeddedData(holder: id, key: nil, bytes: bytes, range: object.range)) { return }
            for field in object.fields {
                if case .scalar(.data(let bytes)) = field.value, EmbeddedArchive.format(of: bytes) != nil,
                   !body(EmbeddedData(holder: id, key: field.key, bytes: bytes, range: field.range)) { return }
            }
        }
    }
}
