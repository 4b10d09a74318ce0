import ArchiveCore

/// NSError and NSNotification.
///
/// Keyed (FORMATS.md C.6): NSError `NSDomain` (string object), `NSCode` (inline integer), `NSUserInfo`
/// (dictionary); NSNotification `NS.name`, `NS.object`, `NS.userinfo`. Their typedstream layouts are not
/// documented, so typedstream objects keep their raw fields.
enum ErrorPresenter {
    static func present(_ k: KnownObject) -> KnownPresentation? {
        guard !k.isTyped else { return nil }
        return k.name == "NSError" ? error(k) : notification(k)
    }

    private static func error(_ k: KnownObject) -> KnownPresentation {
        let domainValue = k.value("NSDomain"), codeValue = k.value("NSCode"), info = k.value("NSUserInfo")
        let domain = domainValue == nil ? "NSDomain missing"
            : k.text(domainValue).map(ValueFormatter.quoted) ?? "NSDomain is not a string"
        let code = codeValue == nil ? "NSCode missing"
            : k.integer(codeValue).map { "code \($0)" } ?? "NSCode is not an integer"
        let children = [("domain", domainValue), ("code", codeValue), ("userInfo", info)]
            .compactMap { key, value in value.map { Field(key: key, value: $0) } }
        return k.result(domain + " " + code, children)
    }

    private static func notification(_ k: KnownObject) -> KnownPresentation {
        let nameValue = k.value("NS.name")
        let name = nameValue == nil ? "NSNotification, NS.name missing"
            : k.text(nameValue).map(ValueFormatter.quoted) ?? "NSNotification, NS.name is not a string"
        let children = [("name", nameValue), ("object", k.value("NS.object")), ("userInfo", k.value("NS.userinfo"))]
            .compactMap { key, value in value.map { Field(key: key, value: $0) } }
        return k.result(name, children)
    }
}
