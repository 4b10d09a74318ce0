import ArchiveCore

/// Bookmark data (`book`) or a classic Alias Manager record, opened as a document of its own: the
/// decoded record shown as an object graph, so the browser, `--dump`, `--json` and `--check` read it
/// as they read archives.
///
/// Object 0 is the record (class `bookmark` or `alias record`), whose fields are the entries of the
/// first table of contents, then further tables and the header (`BookmarkView`'s roots; an alias
/// record's fields in layout order). Each container of the view (array, dictionary, relative URL,
/// table of contents, header) is an object of its own, referred to by its field, and so is an item of
/// a type this tool does not know (class `type 0x…`, its bytes as its value); other leaves are inline
/// values with their byte ranges. Every object's summary is the view's (`presentedSummary`), the
/// record's the one-line `BookmarkSummary` (path, volume, creation date, file ID). Built once at
/// open, within `BookmarkView.fieldLimit` fields.
package final class BookmarkGraph: ObjectGraph, Sendable {
    package let input: InputBytes
    package let container: ContainerFormat
    package let openDiagnostics: [Diagnostic]
    /// The one-line summary of the record.
    package let summary: BookmarkSummary
    private let objects: [GraphObject]
    private let summaries: [String]

    /// Decodes `input` as bookmark data, or as an alias record when `alias` is true.
    package init(input: InputBytes, alias: Bool) {
        self.input = input
        container = .bookmark(alias: alias)
        var builder = Builder(input: input)
        if alias {
            let record = AliasRecord(input: input)
            summary = record.summary
            openDiagnostics = record.diagnostics
            builder.addRecord(className: "alias record", summary: summary, fields: record.fields, roots: Array(record.fields.indices), bookmark: nil)
        } else {
            let bookmark = BookmarkData(input: input)
            let view = bookmark.view()
            summary = bookmark.summary
            var diagnostics = bookmark.diagnostics
            if view.isCut {
                diagnostics.append(Diagnostic(BookmarkCode.itemTooMany,
                    "the bookmark's items are shared so often that the view stops at \(BookmarkView.fieldLimit) fields; the rest is not shown",
                    range: ByteRange(0, input.count)))
            }
            openDiagnostics = diagnostics
            builder.addRecord(className: "bookmark", summary: summary, fields: view.fields, roots: view.roots, bookmark: bookmark)
        }
        objects = builder.objects
        summaries = builder.summaries
    }

    package var graphKind: GraphKind { .bookmark }
    package var archiveKind: String { container == .bookmark(alias: true) ? "alias record" : "bookmark" }
    package var objectCount: Int { objects.count }
    package var topLevel: [Field] {
        [Field(key: container == .bookmark(alias: true) ? "alias" : "bookmark", value: .reference(.object(0)), range: ByteRange(0, input.count))]
    }

    package func object(_ id: ObjectID) -> GraphObject {
        guard id >= 0, id < objects.count else {
            return GraphObject(id: id, kind: .invalid, diagnostics: [Diagnostic(DocumentCode.objectInvalid, "no object #\(id) in the bookmark", object: id)])
        }
        return objects[id]
    }

    package func presentedSummary(of object: GraphObject) -> String? {
        guard object.id >= 0, object.id < summaries.count, objects[object.id].range == object.range else { return nil }
        return summaries[object.id]
    }

    package func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] { openDiagnostics }

    /// Turns the view's fields into objects and inline values, without recursion.
    private struct Builder {
        let input: InputBytes
        var objects: [GraphObject] = []
        var summaries: [String] = []
        /// Payloads of data items by item index: an item shown under many containers is one array.
        var payloads: [Int: [UInt8]] = [:]

        init(input: InputBytes) { self.input = input }

        mutating func addRecord(className: String, summary: BookmarkSummary, fields: [BookmarkField], roots: [Int], bookmark: BookmarkData?) {
            objects.append(GraphObject(id: 0, kind: .instance, className: className, range: ByteRange(0, input.count)))
            summaries.append(summary.line)
            var pending: [(object: Int, children: [Int])] = [(0, roots)]
            while let (object, children) = pending.popLast() {
                var made: [Field] = []
                made.reserveCapacity(children.count)
                for child in children where fields.indices.contains(child) {
                    let field = fields[child]
                    if field.value == .group {
                        let id = objects.count
                        let className = Self.className(field, bookmark)
                        let kind: ObjectKind = className == "array" || className == "dict" ? .container : .instance
                        objects.append(GraphObject(id: id, kind: kind, className: className, range: field.range))
                        summaries.append(Self.summary(field, className: className))
                        pending.append((id, field.children))
                        made.append(Field(key: field.name, value: .reference(.object(id)), range: field.range))
                    } else if case .unknown(let code, let bytes) = field.value {
                        // An object of its own, so that its type code is shown with its bytes.
                        let id = objects.count
                        objects.append(GraphObject(id: id, kind: .value, className: "type 0x" + BookmarkHex.word(code, digits: 4),
                                                   value: .data(payload(field, bookmark) ?? bytes), range: field.range))
                        summaries.append(field.summary)
                        made.append(Field(key: field.name, value: .reference(.object(id)), range: field.range))
                    } else {
                        made.append(Field(key: field.name, value: value(field, bookmark), range: field.range))
                    }
                }
                objects[object].fields = FieldCollection(made)
            }
        }

        /// A leaf's value: data with its whole payload, UUIDs and URLs as their text.
        mutating func value(_ field: BookmarkField, _ bookmark: BookmarkData?) -> FieldValue {
            switch field.value {
            case .string(let s), .uuid(let s), .url(let s): return .scalar(.string(s))
            case .integer(let i): return .scalar(.integer(Int128(i), width: 8))
            case .real(let d): return .scalar(.real(d, width: 8))
            case .bool(let b): return .scalar(.bool(b))
            case .date(let t): return .scalar(.date(t))
            case .null: return .scalar(.null)
            case .data(let bytes), .unknown(_, let bytes): return .scalar(.data(payload(field, bookmark) ?? bytes))
            case .missing(let offset): return .invalid("no item at data offset \(offset)")
            case .group: return .invalid("a container")
            }
        }

        mutating func payload(_ field: BookmarkField, _ bookmark: BookmarkData?) -> [UInt8]? {
            guard let bookmark, let item = field.item else { return nil }
            if let cached = payloads[item] { return cached }
            let bytes = bookmark.bytes(of: item)
            payloads[item] = bytes
            return bytes
        }

        /// A container's summary: its size (the class is shown beside it), the header's shape.
        static func summary(_ field: BookmarkField, className: String) -> String {
            switch className {
            case "array": English.count(field.children.count, "item")
            case "dict", "table of contents": English.count(field.children.count, "entry", plural: "entries")
            default: field.summary
            }
        }

        /// What a container field is: its item's type, else the header or a further table of contents.
        static func className(_ field: BookmarkField, _ bookmark: BookmarkData?) -> String {
            guard let bookmark, let item = field.item, bookmark.items.indices.contains(item) else {
                return field.name == "header" ? "header" : "table of contents"
            }
            switch bookmark.items[item].value {
            case .array: return "array"
            case .dictionary: return "dict"
            default: return "relative URL"
            }
        }
    }
}
