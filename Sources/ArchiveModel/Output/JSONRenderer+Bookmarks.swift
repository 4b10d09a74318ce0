extension JSONRenderer {
    /// `"bookmarks": [{"object": 47, "field": null, "offset": 626, "size": 584, "format": "bookmark",
    /// "summary": {"path": …, "volumeName": …, "creationDate": {"$date": …}, …}}]`: the bookmark data and
    /// alias records in the document's data values, found as embedded archives are (`EmbeddedArchives`),
    /// with their one-line summary's members. Written only when there is one; `offset` is null when the
    /// file holds the bytes encoded (base64 in an XML plist).
    func writeBookmarks(_ e: inout JSONEmitter) {
        var first = true
        EmbeddedArchives.forEach(in: DocumentNode(root: document)) { found in
            guard case .bookmark(let alias) = found.format, case .dataValue(let object, let field) = found.place else { return true }
            if first { e.w.key("bookmarks"); e.w.raw("[") } else { e.w.raw(",") }
            first = false
            e.w.raw("{\"object\":"); e.w.int(object)
            e.w.raw(",\"field\":"); if let field { e.w.string(field) } else { e.w.raw("null") }
            e.w.raw(",\"offset\":"); if let offset = found.offset { e.w.int(offset) } else { e.w.raw("null") }
            e.w.raw(",\"size\":"); e.w.int(found.bytes.count)
            e.w.raw(",\"format\":\"" + (alias ? "alias-record" : "bookmark") + "\",\"summary\":")
            let input = InputBytes(found.bytes)
            e.w.raw((alias ? AliasRecord(input: input).summary : BookmarkData(input: input).summary).json.text)
            e.w.raw("}")
            e.flushIfLong()
            return true
        }
        if !first { e.w.raw("]") }
    }
}
