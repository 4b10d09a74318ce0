import ArchiveCore

/// NSFont and UIFont: the font's name and point size.
///
/// NSFont in keyed archives and nibs stores `NSName` (a string), `NSSize` (a real) and `NSfFlags`
/// ([obs]: every NSFont of the corpus nibs). UIFont stores `UIFontName` and `UIFontPointSize`, with
/// `UISystemFont` for the system font (UNCERTAIN: third-party dumps of iOS nibs).
enum FontPresenter {
    static func present(_ k: KnownObject) -> KnownPresentation? {
        guard !k.isTyped else { return nil }
        let nameValue = k.value("NSName") ?? k.value("UIFontName")
        let sizeValue = k.value("NSSize") ?? k.value("UIFontPointSize")
        let name = nameValue.flatMap { k.text($0) }.map(KnownText.inline)
            ?? (k.scalar(k.value("UISystemFont")) == .bool(true) ? "system font" : "no name")
        let size = k.real(sizeValue).map { points($0) + " pt" } ?? "no size"
        var children: [Field] = []
        if let nameValue { children.append(Field(key: "name", value: nameValue)) }
        if let sizeValue { children.append(Field(key: "size", value: sizeValue)) }
        return k.result(name + " " + size, children)
    }

    /// `13` for a whole size, `12.5` otherwise.
    static func points(_ size: Double) -> String {
        size == size.rounded() && abs(size) < 1e9 ? String(Int(size)) : ValueFormatter.real(size)
    }
}
