import ArchiveCore
import ArchiveDocuments
import Bookmark

extension JSONRenderer {
    /// `"bookmarks": [{"object": 47, "field": null, "offset": 626, "size": 584, "format": "bookmark",
    /// "summary": {"path": …, "volumeName": …, "creationDate": {"$date": …}, …}}]`: the bookmark data and
    /// alias records in the document's data values, found as embedded archives are (`EmbeddedArchives`),
    /// with their one-line summary's members. Written only when there is one; `offset` is null when the
    /// file holds the bytes encoded (base64 in an XML plist).
    func writeBookmarks(_ e: inout JSONEmitter) {
        var opened = false
        EmbeddedArchives.forEach(in: DocumentNode(root: document)) { found in
            guard case .bookmark(let alias) = found.format, case .dataValue(let object, let field) = found.place else { return true }
            if !opened { e.w.field("bookmarks"); e.w.beginArray() }
            opened = true
            e.w.element(); e.w.beginObject()
            e.w.field("object"); e.w.int(object)
            e.w.field("field"); if let field { e.w.string(field) } else { e.w.null() }
            e.w.field("offset"); if let offset = found.offset { e.w.int(offset) } else { e.w.null() }
            e.w.field("size"); e.w.int(found.bytes.count)
            e.w.field("format"); e.w.string(alias ? "alias-record" : "bookmark")
            e.w.field("summary")
            let input = InputBytes(found.bytes)
            (alias ? AliasRecord(input: input).summary : BookmarkData(input: input).summary).json.write(into: &e.w)
            e.w.endObject()
            e.flushIfLong()
            return true
        }
        if opened { e.w.endArray() }
    }
}
