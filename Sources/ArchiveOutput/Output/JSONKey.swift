import ArchiveCore

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
    package static let id = JSONKey("id")
    package static let kind = JSONKey("kind")
    package static let `class` = JSONKey("class")
    package static let classes = JSONKey("classes")
    package static let name = JSONKey("name")
    package static let version = JSONKey("version")
    package static let range = JSONKey("range")
    package static let value = JSONKey("value")
    package static let fields = JSONKey("fields")
    package static let types = JSONKey("types")
    package static let type = JSONKey("type")
    package static let width = JSONKey("width")
    package static let length = JSONKey("length")
    package static let base64 = JSONKey("base64")
    package static let iso8601 = JSONKey("iso8601")
    package static let ref = JSONKey("ref")
    package static let `nil` = JSONKey("nil")
    package static let conditional = JSONKey("conditional")
    package static let dangling = JSONKey("dangling")
    package static let reason = JSONKey("reason")
    package static let list = JSONKey("list")
    package static let invalid = JSONKey("invalid")
    package static let sameAs = JSONKey("sameAs")
    package static let node = JSONKey("node")
    package static let description = JSONKey("description")
    package static let repeatOf = JSONKey("repeatOf")
}
