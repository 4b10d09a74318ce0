import ArchiveCore

/// A presentation-neutral view of a bookmark: an ordered tree of named fields, kept flat (fields by
/// index, children as index lists) and built without recursion, for the browser ("a value with its
/// fields one step away"), `--dump` and other front ends.
///
/// The roots are the entries of the first table of contents (named by their known key, `0x…` for
/// other numeric keys, or the text of a string key), then one group per further table
/// (`toc 2 (id 0x…)`), then `header`. Containers have their elements (`[0]`, `[1]`…), dictionary
/// entries (by key text) or relative-URL parts (`base`, `relative`) as children. An item several
/// containers share appears under each; at most `fieldLimit` fields are made.
package struct BookmarkView: Sendable, Equatable {
    package internal(set) var fields: [BookmarkField] = []
    /// The top-level fields in order.
    package internal(set) var roots: [Int] = []
    /// Whether `fieldLimit` cut the view short.
    package internal(set) var isCut = false

    /// Most fields a view makes (a damaged bookmark can share items many times over).
    package static let fieldLimit = 10_000
    /// Most bytes a data or unknown leaf keeps (its range covers the whole payload).
    static let leafByteLimit = 1_024

    /// Children of field `index`.
    package func children(of index: Int) -> [BookmarkField] { fields[index].children.map { fields[$0] } }

    /// The first root named `name`.
    package func root(_ name: String) -> BookmarkField? { roots.lazy.map { fields[$0] }.first { $0.name == name } }

    init(_ bookmark: BookmarkData) {
        var pending: [(field: Int, item: Int)] = []
        for (t, toc) in bookmark.tocs.enumerated() {
            var entryFields: [Int] = []
            for entry in toc.entries {
                guard let field = add(bookmark, name: bookmark.keyName(entry.key), link: entry.value, pending: &pending) else { break }
                entryFields.append(field)
            }
            if t == 0 {
                roots += entryFields
            } else if let group = add(BookmarkField(name: "toc \(t + 1) (id 0x\(BookmarkHex.word(toc.identifier, digits: 1)))", value: .group,
                                                    summary: English.count(toc.entries.count, "entry", plural: "entries"), range: toc.range, item: nil)) {
                fields[group].children = entryFields
                roots.append(group)
            }
        }
        if let header = addHeader(bookmark) { roots.append(header) }
        expand(bookmark, pending)
    }

    /// Adds `field`; nil (and `isCut`) past the limit.
    mutating func add(_ field: BookmarkField) -> Int? {
        guard fields.count < Self.fieldLimit else { isCut = true; return nil }
        fields.append(field)
        return fields.count - 1
    }

    /// Adds the field of a link (its item's value, or `.missing`) and queues a container's children.
    mutating func add(_ bookmark: BookmarkData, name: String, link: BookmarkLink, pending: inout [(field: Int, item: Int)]) -> Int? {
        guard let index = link.item else {
            return add(BookmarkField(name: name, value: .missing(offset: link.offset), summary: BookmarkFieldValue.missing(offset: link.offset).summary,
                                     range: link.field, item: nil))
        }
        let item = bookmark.items[index]
        let value = bookmark.leaf(index, byteLimit: Self.leafByteLimit)
        guard let field = add(BookmarkField(name: name, value: value, summary: Self.summary(value, item), range: item.range, item: index)) else { return nil }
        if value == .group { pending.append((field, index)) }
        return field
    }

    /// Gives every queued container its children, breadth-first, until the queue or the budget ends.
    mutating func expand(_ bookmark: BookmarkData, _ initial: [(field: Int, item: Int)]) {
        var pending = initial, next = 0
        while next < pending.count {
            let (field, index) = pending[next]
            next += 1
            var children: [Int] = []
            for (name, link) in bookmark.parts(of: index) {
                guard let child = add(bookmark, name: name, link: link, pending: &pending) else { break }
                children.append(child)
            }
            fields[field].children = children
            if isCut { return }
        }
    }

    /// The one-line summary of an item's field: a container's size, a leaf's value (data with its full size).
    static func summary(_ value: BookmarkFieldValue, _ item: BookmarkItem) -> String {
        switch (value, item.value) {
        case (.group, .array(let links)): "array of \(links.count)"
        case (.group, .dictionary(let pairs)): "dictionary of \(pairs.count)"
        case (.group, _): "relative URL"
        case (.data(let bytes), _): dataSummary(bytes, total: item.payloadRange.count)
        case (.unknown(let code, let bytes), _):
            (item.type == .unknown(code) ? item.type.noun : "\(item.type.noun) (type 0x\(BookmarkHex.word(code, digits: 4)))")
                + ": " + dataSummary(bytes, total: item.payloadRange.count)
        default: value.summary
        }
    }

    /// `N bytes <first 16 bytes in hex…>` for a payload of `total` bytes of which `bytes` were kept.
    static func dataSummary(_ bytes: [UInt8], total: Int) -> String {
        "\(ValueFormatter.byteCount(total)) <\(BookmarkHex.bytes(Array(bytes.prefix(16))))\(total > 16 ? "…" : "")>"
    }
}
