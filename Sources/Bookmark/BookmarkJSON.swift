import ArchiveCore

/// A bookmark as a small JSON-shaped tree (no Foundation), for `--json` and the export layer.
///
/// `BookmarkData.json()` gives `{"$bookmark": {...}}` whose object holds, in order:
/// - each entry of the first table of contents whose key is known, under its name: `"path":
///   ["Users","me","file.txt"]`, `"fileIDs": [103, 706090]`, `"creationDate"` (a `.date`),
///   `"volumeName"`, `"volumePath"`, `"volumeURL"`, `"volumeUUID"`, `"volumeSize"`,
///   `"volumeIsRoot"`, `"resourceProperties"` (a `.data`), `"creationOptions"`, `"displayName"`…
///   (the names of `BookmarkKnownKey`);
/// - `"stringKeys"`: entries with string keys, `{"<key text>": value}`;
/// - `"unknownKeys"`: other numeric keys, `[{"key": "0x1054", "type": "0x0303", "hex": "<payload>",
///   "value": <decoded value>}]`;
/// - `"moreTOCs"`: further tables of contents, `[{"tocID": 2, <the same members>}]`;
/// - `"summary"`: `{"path": "/Users/me/file.txt", "fileID": 706090, "volumeName": "Macintosh HD",
///   "volumeMountPoint": "/", "creationDate": <date>, "flags": ["security-scoped", …]}` (absent
///   members left out).
///
/// Values: strings and URLs as strings (a relative URL as its base and relative part joined), UUIDs
/// in their 8-4-4-4-12 text, arrays as arrays, dictionaries as objects keyed by their key text, an
/// item of unknown type or bad size as `{"$type": "0x0b01", "$hex": "…"}`, a link that leads nowhere
/// as null. `.data` and `.date` are for the writer to spell; `text` uses the exporter's forms,
/// `{"$data": "<base64>"}` and `{"$date": "<ISO 8601>", "$seconds": <since 2001>}`.
package indirect enum BookmarkJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    case string(String)
    case data([UInt8])
    /// Seconds since 2001-01-01T00:00:00Z.
    case date(Double)
    case array([BookmarkJSON])
    case object([Member])

    /// One member of an object, in order.
    package struct Member: Sendable, Equatable {
        package let key: String
        package let value: BookmarkJSON
        package init(_ key: String, _ value: BookmarkJSON) {
            self.key = key
            self.value = value
        }
    }

    /// The member `key` of an object (the first, should there be several).
    package subscript(key: String) -> BookmarkJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

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
