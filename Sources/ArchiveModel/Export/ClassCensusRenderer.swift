/// `--classes` as text and as JSON.
public enum ClassCensusRenderer {
    /// Per class a line `Name: N instances`, its chain(s) and one line per key:
    /// `  key: 3 of 4 instances: string 3, nil 1`. File text is escaped.
    public static func lines(_ census: ClassCensus) -> [String] {
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
    public static func json(_ census: ClassCensus, file: String) -> String {
        var w = JSONWriter()
        w.raw("{"); w.key("file", first: true); w.string(file)
        w.key("classes"); w.raw("[")
        for (i, entry) in census.classes.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{"); w.key("name", first: true); w.string(entry.name)
            w.key("instances"); w.raw(String(entry.instances))
            w.key("chains"); w.raw("[")
            for (j, chain) in entry.chains.enumerated() {
                if j > 0 { w.raw(",") }
                w.raw("[")
                for (k, c) in chain.enumerated() {
                    if k > 0 { w.raw(",") }
                    w.raw("{"); w.key("name", first: true); w.string(c.name)
                    w.key("version"); w.raw(c.version.map(String.init) ?? "null"); w.raw("}")
                }
                w.raw("]")
            }
            w.raw("]")
            w.key("keys"); w.raw("[")
            for (j, key) in entry.keys.enumerated() {
                if j > 0 { w.raw(",") }
                w.raw("{"); w.key("key", first: true); w.string(key.key)
                w.key("instances"); w.raw(String(key.instances))
                w.key("types"); w.raw("[")
                for (k, t) in key.types.enumerated() {
                    if k > 0 { w.raw(",") }
                    w.raw("{"); w.key("type", first: true); w.string(t.name); w.key("count"); w.raw(String(t.count)); w.raw("}")
                }
                w.raw("]}")
            }
            w.raw("]}")
        }
        w.raw("]}")
        return w.text
    }
}
