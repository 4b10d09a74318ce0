/// A member name written for every object (`id`, `kind`, `type` …), quoted, escaped and followed by
/// its colon once, so that writing it is one copy of its bytes: `JSONWriter.field(_ key: String)`
/// scans and quotes the name each time, which was a fifth of `--json`'s writing (issue 39).
package struct JSONKey: Sendable {
    /// `"name":`, as `JSONWriter.field` writes it.
    let quoted: [UInt8]

    /// The key `name` (escaped as any JSON string).
    package init(_ name: String) {
        var w = JSONWriter()
        w.string(name)
        w.raw(":")
        var bytes: [UInt8] = []
        w.drain { bytes = $0 }
        quoted = bytes
    }
}

/// The names `--json` writes in each object, value and diagnostic (`JSONEmitter`, `JSONRenderer`).
extension JSONKey {
    static let id = JSONKey("id")
    static let kind = JSONKey("kind")
    static let `class` = JSONKey("class")
    static let classes = JSONKey("classes")
    static let name = JSONKey("name")
    static let version = JSONKey("version")
    static let range = JSONKey("range")
    static let value = JSONKey("value")
    static let fields = JSONKey("fields")
    static let types = JSONKey("types")
    static let type = JSONKey("type")
    static let width = JSONKey("width")
    static let length = JSONKey("length")
    static let base64 = JSONKey("base64")
    static let iso8601 = JSONKey("iso8601")
    static let ref = JSONKey("ref")
    static let `nil` = JSONKey("nil")
    static let conditional = JSONKey("conditional")
    static let dangling = JSONKey("dangling")
    static let reason = JSONKey("reason")
    static let list = JSONKey("list")
    static let invalid = JSONKey("invalid")
    static let sameAs = JSONKey("sameAs")
    static let node = JSONKey("node")
    static let description = JSONKey("description")
    static let repeatOf = JSONKey("repeatOf")
}
