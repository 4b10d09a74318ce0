import ArchiveCore
import Bookmark

/// Bookmark data's JSON value written as text: the value is the format's (`Bookmark/BookmarkJSON.swift`),
/// the writing the output layer's (`JSONWriter`), as for every other value `--json` writes.
extension BookmarkJSON {
    /// Compact JSON text, with data and dates in the exporter's `$data` and `$date` forms.
    package var text: String {
        var writer = JSONWriter()
        write(into: &writer)
        return writer.text
    }

    /// Writes the value as `text` spells it, as one value of `w` (after its `field` or `element`).
    package func write(into w: inout JSONWriter) {
        var pending: [Step] = [.value(self)]
        // An explicit stack: the tree's depth is bounded by the decoder's, but writing needs no recursion.
        while let step = pending.popLast() {
            switch step {
            case .element: w.element()
            case .field(let k): w.field(k)
            case .value(let v): v.writeOne(&w, &pending)
            case .endArray: w.endArray()
            case .endObject: w.endObject()
            }
        }
    }

    private enum Step {
        case element
        case field(String)
        case value(BookmarkJSON)
        case endArray
        case endObject
    }

    /// Writes a scalar, or opens a container and pushes its contents and its end.
    private func writeOne(_ w: inout JSONWriter, _ pending: inout [Step]) {
        switch self {
        case .null: w.null()
        case .bool(let b): w.bool(b)
        case .integer(let i): w.int(i)
        case .real(let d):
            if d.isFinite { w.raw("\(d)") } else { w.beginObject(); w.field("$real"); w.string(ValueFormatter.real(d)); w.endObject() }
        case .string(let s): w.string(s)
        case .data(let d): w.beginObject(); w.field("$data"); w.raw("\"" + Base64.encode(d) + "\""); w.endObject()
        case .date(let t):
            w.beginObject()
            w.field("$date"); w.string(ValueFormatter.isoDate(t))
            w.field("$seconds"); if t.isFinite { w.raw("\(t)") } else { w.null() }
            w.endObject()
        case .array(let elements):
            w.beginArray()
            pending.append(.endArray)
            for e in elements.reversed() { pending += [.value(e), .element] }
        case .object(let members):
            w.beginObject()
            pending.append(.endObject)
            for m in members.reversed() { pending += [.value(m.value), .field(m.key)] }
        }
    }
}
