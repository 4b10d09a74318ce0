import ArchiveCore

/// NSURL.
///
/// Keyed: `NS.base` (UID of an NSURL, or UID 0) and `NS.relative` (UID of a string) (FORMATS.md C.6).
/// typedstream: a `c` is-relative flag; if 1 an `@` base NSURL; then the `@` string (D.7).
/// The base is summarised recursively, to `KnownObject.maxDepth` levels.
enum URLPresenter {
    static func present(_ k: KnownObject) -> KnownPresentation? {
        let (relative, base) = k.isTyped ? typedParts(k) : (k.value("NS.relative"), k.value("NS.base"))
        var summary: String
        if let relative {
            summary = k.text(relative).map(ValueFormatter.quoted) ?? "NSURL, relative part is not a string"
        } else {
            summary = "NSURL, " + (k.isTyped ? "no string" : "NS.relative missing")
        }
        if let base, case .reference(.object) = base { summary += " (base: " + k.summary(of: base) + ")" }
        var children: [Field] = []
        if let relative { children.append(Field(key: "relative", value: relative)) }
        if let base { children.append(Field(key: "base", value: base)) }
        return k.result(summary, children)
    }

    private static func typedParts(_ k: KnownObject) -> (FieldValue?, FieldValue?) {
        let values = k.typedValues
        let flag = values.first.flatMap { $0.isInteger ? $0.integer : nil }
        let objects = values.filter(\.isObject).map(\.value)
        if flag == 1, objects.count >= 2 { return (objects[1], objects[0]) }
        return (objects.first, nil)
    }
}
