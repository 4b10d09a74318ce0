import Synchronization
import ArchiveCore

/// An Interface Builder 3 XML archive (an old `.xib`, or the `designable.nib` of a `.nib` bundle:
/// `<archive type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="7.10"><data>…`) as an `ObjectGraph`.
///
/// Opening scans the XML once into a flat element table (`IB3XMLScanner`); an object is built from
/// its element's children when asked for, its text values decoded then. Object ids are the positions
/// of the object elements (`<object>`, collections, strings and numbers) in document order; the
/// `id` attributes IB writes are what `<reference ref=…>` resolves against. The top level is the
/// `<data>` element's keyed values (`IBDocument.RootObjects`, `IBDocument.Objects` …), which hold the
/// same object graph as the compiled `keyedobjects.nib` plus IB's editor records.
///
/// A UTF-16 or UTF-32 archive (old IB wrote some with a byte-order mark) is read as XML plists are
/// (`TextEncoding/`): scanned in a UTF-8 copy, every range and diagnostic mapped back to the file's
/// own bytes as objects are built; line:column positions are those of the text.
package final class IB3XMLGraph: ObjectGraph, Sendable {
    package let input: InputBytes
    /// The UTF-8 text scanned: `input` itself, or its transcoded copy.
    let text: InputBytes
    /// Maps offsets into `text` back to `input` when it is a transcoded copy.
    let offsetMap: TextOffsetMap?
    package let textEncoding: TextEncoding?
    let scan: IB3Scan
    package let openDiagnostics: [Diagnostic]
    /// Objects of more than `cachedFieldMinimum` fields and list items, as last built (the browser
    /// asks again per row).
    private let largeObjects = Mutex<[ObjectID: GraphObject]>([:])
    static let cachedFieldMinimum = 256
    /// The top level, built on first use.
    private let topLevelCache = Mutex<[Field]?>(nil)

    package init(input: InputBytes) {
        self.input = input
        let encoding = TextEncoding.detect(input)
        textEncoding = encoding
        var transcodeDiagnostics: [Diagnostic] = []
        if encoding.needsTranscoding {
            let transcoded = TextTranscoder.transcode(input, encoding)
            (text, offsetMap, transcodeDiagnostics) = (transcoded.text, transcoded.map, transcoded.diagnostics)
        } else {
            (text, offsetMap) = (input, nil)
        }
        var scanner = IB3XMLScanner(text.buffer)
        scan = scanner.run()
        let map = offsetMap
        let located = scan.diagnostics.map { d in map.map { TextPlistDecoding.remap(d, $0) } ?? d }
        openDiagnostics = (located + transcodeDiagnostics).sortedByOffset()
    }

    /// A diagnostic of the text located in the file.
    func located(_ diagnostic: Diagnostic) -> Diagnostic {
        offsetMap.map { TextPlistDecoding.remap(diagnostic, $0) } ?? diagnostic
    }

    /// A field of the text located in the file.
    func located(_ field: Field) -> Field {
        guard let map = offsetMap else { return field }
        var field = field
        field.range = field.range.map(map.fileRange)
        return field
    }

    /// An object built from the text, its ranges and diagnostics located in the file.
    func located(_ object: GraphObject) -> GraphObject {
        guard let map = offsetMap else { return object }
        var object = object
        object.range = object.range.map(map.fileRange)
        object.fields = FieldCollection(object.fields.map(located))
        object.diagnostics = object.diagnostics.map(located)
        return object
    }

    package var container: ContainerFormat { .ib3Archive }
    package var graphKind: GraphKind { .ib3Archive }
    /// `type com.apple.InterfaceBuilder3.Cocoa.XIB version 7.10` from the root's attributes (`IB3 XML
    /// archive` without them): words around the file's text, so it never reads as another format's kind.
    package var archiveKind: String {
        guard let root = scan.archive, let type = scan.elements[root].attributes.type else { return "IB3 XML archive" }
        let version = IB3TagAttributes.version(text.buffer, tag: scan.elements[root])
        return "type " + DisplayText.escape(ValueFormatter.cut(IB3Text.attribute(text.buffer, type), limit: 80))
            + (version.map { " version " + DisplayText.escape(ValueFormatter.cut($0, limit: 16)) } ?? "")
    }
    package var objectCount: Int { scan.objectElements.count }

    /// The `id` attribute IB wrote on the object's element, which `<reference ref=…>` names, display-safe.
    package func fileIdentity(of id: ObjectID) -> String? {
        guard id >= 0, id < scan.objectElements.count, let range = scan.elements[scan.objectElements[id]].attributes.id else { return nil }
        return DisplayText.escape(ValueFormatter.cut(IB3Text.attribute(text.buffer, range), limit: 40))
    }

    /// The `<data>` element's values (or the root's, when the archive has no `<data>`).
    package var topLevel: [Field] {
        if let known = topLevelCache.withLock({ $0 }) { return known }
        let fields = topLevelRead().fields
        topLevelCache.withLock { $0 = fields }
        return fields
    }

    private func topLevelRead() -> (fields: [Field], diagnostics: [Diagnostic]) {
        guard let top = scan.data ?? scan.archive else { return ([], []) }
        var builder = IB3FieldBuilder(scan: scan, buffer: text.buffer, owner: nil)
        let fields = builder.fields(of: top, itemList: { self.topLevelItems(of: top, $0) })
            .filter { $0.key != "NS.objects" || !isEmptyList($0.value) }
        return (fields.map(located), builder.diagnostics.map(located))
    }

    /// The top level's elements without a key, read when asked: an archive whose `<data>` holds a
    /// million unknown elements keeps their element indices, not a million values.
    private func topLevelItems(of top: Int, _ children: [Int]) -> FieldList {
        let scan = scan, text = text
        return FieldList(count: children.count, identity: FieldList.Identity(owner: ObjectIdentifier(self), node: top)) { i in
            var builder = IB3FieldBuilder(scan: scan, buffer: text.buffer, owner: nil)
            return builder.value(of: scan.elements[children[i]])
        }
    }

    private func isEmptyList(_ value: FieldValue) -> Bool {
        if case .list(let items) = value { return items.isEmpty }
        return false
    }

    package func object(_ id: ObjectID) -> GraphObject {
        guard id >= 0, id < objectCount else {
            return GraphObject(id: id, kind: .invalid, diagnostics: [Diagnostic(DocumentCode.objectInvalid,
                "object #\(id) does not exist (the archive has \(English.count(objectCount, "object")))", object: id)])
        }
        if let known = largeObjects.withLock({ $0[id] }) { return known }
        let object = located(IB3ObjectReader(scan: scan, buffer: text.buffer).object(id))
        if Self.weight(of: object) > Self.cachedFieldMinimum {
            largeObjects.withLock { cache in
                if cache.count >= 16 { cache.removeAll(keepingCapacity: true) }
                cache[id] = object
            }
        }
        return object
    }

    /// Fields and list items: what building the object again would cost.
    static func weight(of object: GraphObject) -> Int {
        object.fields.reduce(0) { sum, field in
            if case .list(let items) = field.value { return sum + items.count }
            return sum + 1
        }
    }

    /// The scan's problems, every object read once (its references and values), and the top level's.
    package func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] {
        var all = openDiagnostics + topLevelRead().diagnostics
        let n = objectCount
        let step = Swift.max(1, n / 100)
        let reader = IB3ObjectReader(scan: scan, buffer: text.buffer)
        for id in 0..<n {
            if id % step == 0, !progress(Double(id) / Double(Swift.max(1, n))) { break }
            all += reader.object(id).diagnostics.map(located)
        }
        return DiagnosticBudget.capped(all).sortedByOffset()
    }
}
