import ArchiveCore

/// NSColor (AppKit) and UIColor (UIKit).
///
/// Keyed NSColor (FORMATS.md C.6, from a Cocotron-derived reader): `NSColorSpace` 1/2 calibrated/device
/// RGB with `NSRGB`, 3/4 calibrated/device white with `NSWhite`, 5 device CMYK with `NSCMYK` (ASCII
/// decimal components, maybe NUL-terminated, alpha maybe omitted), 6 named (`NSCatalogName`,
/// `NSColorName`, fallback `NSColor`). Newer spaces (`NSComponents`, `NSCustomColorSpace`) are UNCERTAIN
/// and shown by number. UIColor (UNCERTAIN, third-party dumps): `UIRed`/`UIGreen`/`UIBlue`/`UIAlpha` or
/// `UIWhite`, optional `UISystemColorName`, else the NSColor keys. typedstream NSColor (D.7): a `c`
/// kind (same numbering) then float components, or for 6 three objects (catalog, name, color).
enum ColorPresenter {
    static let spaces = [1: "calibrated RGB", 2: "device RGB", 3: "calibrated white", 4: "device white", 5: "device CMYK", 6: "named"]
    static let labels = [1: ["r", "g", "b", "a"], 2: ["r", "g", "b", "a"], 3: ["w", "a"], 4: ["w", "a"], 5: ["c", "m", "y", "k", "a"]]

    static func present(_ k: KnownObject) -> KnownPresentation? {
        if k.isTyped { return typed(k) }
        if k.name == "UIColor", let ui = uiColor(k) { return ui }
        return keyed(k)
    }

    private static func keyed(_ k: KnownObject) -> KnownPresentation {
        let space = k.integer(k.value("NSColorSpace")).flatMap { Int(exactly: $0) }
            ?? (k.value("NSRGB") != nil ? 2 : k.value("NSWhite") != nil ? 4 : k.value("NSCMYK") != nil ? 5 : nil)
        guard let space else { return KnownPresentation(summary: k.name + ", NSColorSpace missing") }
        switch space {
        case 1, 2: return components(k, space, "NSRGB")
        case 3, 4: return components(k, space, "NSWhite")
        case 5: return components(k, space, "NSCMYK")
        case 6:
            let fallback = k.value("NSColor")
            let summary = named(catalog: k.text(k.value("NSCatalogName")), name: k.text(k.value("NSColorName")))
            return k.result(summary, fallback.map { [Field(key: "fallback", value: $0)] } ?? [])
        default:
            return KnownPresentation(summary: "\(k.name), color space \(space) (not decoded)")
        }
    }

    /// `device RGB r=1 g=0.5 b=0 a=1` from ASCII component text.
    private static func components(_ k: KnownObject, _ space: Int, _ key: String) -> KnownPresentation {
        let name = spaces[space] ?? "color space \(space)"
        guard let bytes = k.bytes(k.value(key)) else { return KnownPresentation(summary: "\(name), \(key) missing") }
        let parts = KnownText.ascii(bytes).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
        let names = labels[space] ?? []
        guard parts.count == names.count || parts.count == names.count - 1 else {
            return KnownPresentation(summary: name + " " + KnownText.inline(parts.joined(separator: " ")))
        }
        let text = zip(names, parts).map { $0 + "=" + KnownText.inline($1) }.joined(separator: " ")
        return KnownPresentation(summary: name + " " + text)
    }

    private static func named(catalog: String?, name: String?) -> String {
        "named " + (name.map(ValueFormatter.quoted) ?? "?") + " in catalog " + (catalog.map(ValueFormatter.quoted) ?? "?")
    }

    private static func uiColor(_ k: KnownObject) -> KnownPresentation? {
        func real(_ key: String) -> String? { k.real(k.value(key)).map(ValueFormatter.real) }
        let system = k.text(k.value("UISystemColorName")).map { "system " + ValueFormatter.quoted($0) + " " } ?? ""
        let alpha = real("UIAlpha").map { " a=" + $0 } ?? ""
        if let r = real("UIRed"), let g = real("UIGreen"), let b = real("UIBlue") {
            return KnownPresentation(summary: system + "RGB r=\(r) g=\(g) b=\(b)" + alpha)
        }
        if let w = real("UIWhite") { return KnownPresentation(summary: system + "white w=\(w)" + alpha) }
        return system.isEmpty ? nil : KnownPresentation(summary: String(system.dropLast()))
    }

    private static func typed(_ k: KnownObject) -> KnownPresentation {
        let values = k.typedValues
        guard let kind = values.first.flatMap({ $0.isInteger ? $0.integer : nil }).flatMap({ Int(exactly: $0) }) else {
            return KnownPresentation(summary: k.name + ", no color kind")
        }
        if kind == 6 {
            let objects = values.filter(\.isObject).map(\.value)
            let catalog = objects.count > 0 ? k.text(objects[0]) : nil, name = objects.count > 1 ? k.text(objects[1]) : nil
            return k.result(named(catalog: catalog, name: name), objects.count > 2 ? [Field(key: "fallback", value: objects[2])] : [])
        }
        guard let names = labels[kind], let space = spaces[kind] else {
            return KnownPresentation(summary: "\(k.name), color kind \(kind) (not decoded)")
        }
        let reals = values.dropFirst().filter { $0.isReal }.compactMap(\.real).map(ValueFormatter.real)
        let text = zip(names, reals).map { $0 + "=" + $1 }.joined(separator: " ")
        let note = reals.count == names.count ? "" : " (\(KnownText.count(reals.count, "component")), expected \(names.count))"
        return KnownPresentation(summary: space + " " + text + note)
    }
}
