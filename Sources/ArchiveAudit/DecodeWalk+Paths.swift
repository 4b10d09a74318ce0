import ArchiveCore

/// Key paths: how decoding reaches an object, from the top-level key down (`root/NS.objects[2]/name`).
extension DecodeWalk {
    /// Components shown at most; a longer path starts with `…`.
    static let pathLimit = 48

    /// The key path by which decoding first reaches `id`: field keys from the top level down, a list
    /// item as `key[i]`; nil when decoding does not reach it. Reads each ancestor once.
    package func keyPath(of id: ObjectID, in graph: any ObjectGraph) -> String? {
        guard reaches(id) else { return nil }
        var components: [String] = []
        var current = id
        while components.count < Self.pathLimit {
            let from = parent[current]
            let f = field[current], i = item[current]
            let key: String
            if from == -1 {
                key = f >= 0 && f < topKeys.count ? topKeys[f] : "?"
            } else {
                let fields = graph.structure(from).fields
                key = f >= 0 && f < fields.count ? fields[f].key : "?"
            }
            components.append(DisplayText.escape(key) + (i >= 0 ? "[\(i)]" : ""))
            guard from >= 0 else { return components.reversed().joined(separator: "/") }
            current = from
        }
        return "…/" + components.reversed().joined(separator: "/")
    }

    /// The key under which `id`'s referrer decodes it (`root`, `NS.objects`): what Apple's messages name.
    func decodingKey(of id: ObjectID, in graph: any ObjectGraph) -> String? {
        guard reaches(id) else { return nil }
        let from = parent[id], f = field[id]
        if from == -1 { return f >= 0 && f < topKeys.count ? topKeys[f] : nil }
        let fields = graph.structure(from).fields
        return f >= 0 && f < fields.count ? fields[f].key : nil
    }

    /// The object whose field first reached `id` (nil for a top-level object or one not reached).
    func parentOf(_ id: ObjectID) -> ObjectID? {
        reaches(id) && parent[id] >= 0 ? parent[id] : nil
    }
}
