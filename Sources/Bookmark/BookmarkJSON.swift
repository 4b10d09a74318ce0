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
}
