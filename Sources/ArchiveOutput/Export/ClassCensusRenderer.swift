import ArchiveCore

/// `--classes` as text and as JSON.
package enum ClassCensusRenderer {
    /// Per class a line `Name: N instances`, its chain(s) and one line per key:
    /// `  key: 3 of 4 instances: string 3, nil 1`. File text is escaped.
    package static func lines(_ census: ClassCensus) -> [String] {
        var out: [String] = []
        for entry in census.classes {
            out.append(DisplayText.escape(entry.name) + ": " + English.count(entry.instances, "instance"))
            for chain in entry.chains where !chain.isEmpty {
                out.append("  chain: " + chain.map(chainLink).joined(separator: " < "))
            }
            for key in entry.keys {
                let types = key.types.map { DisplayText.escape($0.name) + " \($0.count)" }.joined(separator: ", ")
                out.append("  " + DisplayText.escape(key.key) + ": \(key.instances) of " + English.count(entry.instances, "instance") + ": " + types)
            }
        }
        return out
    }

    private static func chainLink(_ c: ClassInfo) -> String {
        DisplayText.escape(c.name) + (c.version.map { " (v\($0))" } ?? "")
    }

    /// `{"file": …, "classes": [{"name", "instances", "chains": [[{"name", "version"}]], "keys":
    /// [{"key", "instances", "types": [{"type", "count"}]}]}]}` on one line.
    package static func json(_ census: ClassCensus, file: String) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.field("file"); w.string(file)
        w.field("classes"); writeClasses(census, &w)
        w.endObject()
        return w.text
    }

    /// The census's `classes` array (`json(_:file:)`'s member; a source's record carries it too).
    package static func writeClasses(_ census: ClassCensus, _ w: inout JSONWriter) {
        w.beginArray()
        for entry in census.classes {
            w.element(); w.beginObject()
            w.field("name"); w.string(entry.name)
            w.field("instances"); w.int(entry.instances)
            w.field("chains"); w.beginArray()
            for chain in entry.chains {
                w.element(); w.beginArray()
                for c in chain {
                    w.element(); w.beginObject()
                    w.field("name"); w.string(c.name)
                    w.field("version"); if let v = c.version { w.int(v) } else { w.null() }
                    w.endObject()
                }
                w.endArray()
            }
            w.endArray()
            w.field("keys"); w.beginArray()
            for key in entry.keys {
                w.element(); w.beginObject()
                w.field("key"); w.string(key.key)
                w.field("instances"); w.int(key.instances)
                w.field("types"); w.beginArray()
                for t in key.types {
                    w.element(); w.beginObject()
                    w.field("type"); w.string(t.name)
                    w.field("count"); w.int(t.count)
                    w.endObject()
                }
                w.endArray()
                w.endObject()
            }
            w.endArray()
            w.endObject()
        }
        w.endArray()
    }
}
