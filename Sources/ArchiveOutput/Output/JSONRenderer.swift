import ArchiveCore
import ArchiveDocuments

/// `--json`: one JSON document describing the graph (format, top, objects, diagnostics). The schema is
/// documented in the README; element *i* of `objects` describes object id *i*.
package struct JSONRenderer {
    let document: ArchiveDocument
    /// The diagnostics, asked for when the document reaches them (after the objects), so that a
    /// caller may still be computing them while the objects are written.
    let diagnostics: () -> [Diagnostic]
    let repeatBudget: Int

    /// `repeatBudget`: bytes of long text and data written in full again where a value is listed more
    /// than once, before such repeats name the place holding the value instead (`JSONRepeats`). The
    /// default, 16 MiB plus four times the input, leaves real files' JSON whole.
    package init(document: ArchiveDocument, diagnostics: [Diagnostic], repeatBudget: Int? = nil) {
        self.init(document: document, diagnostics: { diagnostics }, repeatBudget: repeatBudget)
    }

    /// `diagnostics` is called once, when the objects have been written.
    package init(document: ArchiveDocument, diagnostics: @escaping () -> [Diagnostic], repeatBudget: Int? = nil) {
        self.document = document
        self.diagnostics = diagnostics
        self.repeatBudget = repeatBudget ?? Self.defaultRepeatBudget(inputSize: document.input.count)
    }

    /// 16 MiB plus four times the input's size.
    package static func defaultRepeatBudget(inputSize: Int) -> Int {
        let (scaled, overflow) = inputSize.multipliedReportingOverflow(by: 4)
        return overflow || scaled > Int.max - (16 << 20) ? Int.max : scaled + (16 << 20)
    }

    /// Objects read ahead on another thread while the ones before them are written (see
    /// `forEachObject`); 0 reads each object on the writing thread as it is written.
    var objectChunk = 4096

    /// Calls `body` with objects `0..<objectCount` in order, as `structure` reads them. With a
    /// `chunk` of at least one, and more objects than that, the next `chunk` objects are read on
    /// another thread while `body` handles the current ones: reading an object is about a third of
    /// writing its JSON, and this way the two overlap (the writing stays on the calling thread, in
    /// order, so the output is the same).
    static func forEachObject(of graph: any ObjectGraph, chunk: Int, _ body: (GraphObject) -> Void) {
        let n = graph.objectCount
        guard chunk > 0, n > chunk else {
            for id in 0..<n { body(graph.structure(id)) }
            return
        }
        let read: @Sendable (Range<Int>) -> [GraphObject] = { range in range.map { graph.structure($0) } }
        var current = read(0..<chunk)
        var start = chunk
        while !current.isEmpty {
            let next = start..<Swift.min(n, start + chunk)
            // Each object handed over where it lies in the chunk: iterating the array copied every
            // `GraphObject` (its fields, classes and texts retained and released once more).
            let (_, ahead) = Parallel.both(count: .max, { current.withUnsafeBufferPointer { chunk in for i in chunk.indices { body(chunk[i]) } } },
                                           { read(next) })
            current = ahead
            start = next.upperBound
        }
    }

    /// Writes the document in chunks to `write`; `leading` writes members of its own (with
    /// `field(_:)`) before the document's.
    package func render(leading: (inout JSONWriter) -> Void = { _ in }, _ write: (String) -> Void) {
        renderBytes(leading: leading) { write(String(decoding: $0, as: UTF8.self)) }
    }

    /// `render`, passing the UTF-8 bytes on as they are (no `String` made of each chunk); each chunk
    /// ends between two JSON tokens.
    package func renderBytes(leading: (inout JSONWriter) -> Void = { _ in }, _ write: ([UInt8]) -> Void) {
        withoutActuallyEscaping(write) { render(into: JSONEmitter(repeats: JSONRepeats(budget: repeatBudget), write: $0), leading) }
    }

    private func render(into emitter: JSONEmitter, _ leading: (inout JSONWriter) -> Void) {
        let graph = document.graph
        var e = emitter
        e.w.beginObject()
        leading(&e.w)
        // JSON strings hold only Unicode: a file name whose bytes are not UTF-8 is given escaped (`\xff`),
        // the rule of `JSONWriter.nameText`, which names in sources follow.
        e.w.field("file"); e.w.string(document.nameIsExact ? document.name : document.displayName)
        e.w.field("format"); e.w.string(formatName)
        if let encoding = document.textEncoding {
            e.w.field("encoding"); e.w.string(encoding.jsonName)
            e.w.field("byteOrderMark"); e.w.bool(encoding.hasByteOrderMark)
        }
        e.w.field("archiver"); e.w.string(graph.archiveKind)
        e.w.field("size"); e.w.int(document.input.count)
        e.w.field("top"); e.w.beginObject()
        for field in graph.topLevel {
            e.key(field.key)
            if let id = field.value.objectID { e.w.int(id) } else { e.value(field.value) }
        }
        e.w.endObject()
        e.w.field("objects"); e.w.beginArray()
        Self.forEachObject(of: graph, chunk: objectChunk) { object in
            e.w.element()
            e.object(object)
            e.flushIfLong()
        }
        e.w.endArray()
        writeBookmarks(&e)
        let all = diagnostics()
        e.w.field("diagnostics"); Self.writeDiagnostics(all, &e.w)
        // Diagnostics counted but not stored, by id (DiagnosticBudget).
        e.w.field("suppressed"); e.w.beginObject()
        for s in DiagnosticBudget.suppressedCounts(in: all) {
            e.w.field(s.id); e.w.int(s.count)
        }
        e.w.endObject()
        e.w.endObject()
        e.w.drain(e.write)
    }

    /// Stable short names: `bplist00`, `xml`, `openstep`, `typedstream`, … (each format's descriptor's).
    var formatName: String { document.format.jsonName }

    /// `[start, end]`, or `null`.
    package static func writeRange(_ r: ByteRange?, _ w: inout JSONWriter) {
        guard let r else { return w.null() }
        w.beginArray(); w.element(); w.int(r.start); w.element(); w.int(r.end); w.endArray()
    }

    /// An array of diagnostics, each as `writeDiagnostic` writes it.
    package static func writeDiagnostics(_ diagnostics: [Diagnostic], _ w: inout JSONWriter) {
        w.beginArray()
        for d in diagnostics {
            w.element()
            writeDiagnostic(d, &w)
        }
        w.endArray()
    }

    /// `{"id", "severity", "message", "range", "line", "column", "object", "notes": [{"message",
    /// "range", "line", "column"}]}`.
    static func writeDiagnostic(_ d: Diagnostic, _ w: inout JSONWriter) {
        w.beginObject()
        w.field("id"); w.string(d.id)
        w.field("severity"); w.string(d.severity.rawValue)
        w.field("message"); w.string(d.message)
        w.field("range"); writeRange(d.range, &w)
        writePosition(d.position, &w)
        w.field("object"); if let object = d.object { w.int(object) } else { w.null() }
        w.field("notes"); w.beginArray()
        for note in d.notes {
            w.element(); w.beginObject()
            w.field("message"); w.string(note.message)
            w.field("range"); writeRange(note.range, &w)
            writePosition(note.position, &w)
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }

    /// `"line": L, "column": C`, each null when the position is unknown.
    private static func writePosition(_ position: TextPosition?, _ w: inout JSONWriter) {
        w.field("line"); if let position { w.int(position.line) } else { w.null() }
        w.field("column"); if let position { w.int(position.column) } else { w.null() }
    }
}
