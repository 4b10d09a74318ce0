import ArchiveModel

extension FuzzCheck {
    /// The promises of the bounded Swift class-name reader (`SwiftClassName`) for one name: the same
    /// answer twice; every `_Tt` name answered; a demangled name made of non-empty components, no
    /// longer than the name plus the `s` → `Swift` expansion, and read back the same after mangling it
    /// again; a dotted name returned as given; the family label and any reason display-safe.
    public static func swiftName(_ name: String) -> [String] {
        var problems: [String] = []
        let reading = SwiftClassName.parse(name)
        if reading != SwiftClassName.parse(name) { problems.append("two readings of one name differ") }
        safety(ClassFamily(name).label, "family label", &problems)
        let mangled = name.hasPrefix("_Tt")
        switch reading {
        case nil:
            if mangled { problems.append("a _Tt name read as not Swift") }
        case .undemangled(let reason)?:
            safety(reason, "undemangled reason", &problems)
            if !mangled { problems.append("a dotted name read as an undemangled mangling: \(reason)") }
        case .demangled(let readable)?:
            problems += demangled(readable, from: name, mangled: mangled)
        }
        return problems
    }

    private static func demangled(_ readable: String, from name: String, mangled: Bool) -> [String] {
        var problems: [String] = []
        let components = readable.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if components.contains(where: \.isEmpty) { problems.append("an empty component in \(DisplayText.escape(readable))") }
        if readable.utf8.count > name.utf8.count + 4 {
            problems.append("\(readable.utf8.count) bytes demangled from a \(name.utf8.count)-byte name")
        }
        guard mangled else {
            if readable != name { problems.append("the dotted name \(DisplayText.escape(name)) read as \(DisplayText.escape(readable))") }
            return problems
        }
        if components.count < 2 { problems.append("a mangled class without a module: \(DisplayText.escape(readable))") }
        let again = "_Tt" + String(repeating: "C", count: max(0, components.count - 1))
            + components.map { "\($0.utf8.count)\($0)" }.joined()
        if SwiftClassName.parse(again) != .demangled(readable) {
            problems.append("mangled again as \(DisplayText.escape(again)), read as \(String(describing: SwiftClassName.parse(again)))")
        }
        return problems
    }

    /// An archive whose root is an NSArray of one object of class `className` (chain
    /// `[className] + superclasses`), audited: the census lists the class, the text is display-safe,
    /// the JSON is valid, and the smallest allow-list it prints, given back, rejects nothing.
    public static func audit(className: String, superclasses: [String]) -> [String] {
        var k = KeyedArchiveBuilder()
        let title = k.add(.string("x"))
        let item = k.object(className, superclasses: superclasses, [("title", .ref(title))])
        let array = k.object("NSArray", superclasses: ["NSObject"], [("NS.objects", .refs([item]))])
        k.top = [("root", .ref(array))]
        let graph = ArchiveDocument.open(InputBytes(k.buildBinary()), name: "fuzz").graph
        var problems: [String] = []
        let audit = SecurityAudit(graph: graph, allowed: [])
        for line in SecurityAuditRenderer.lines(audit, graph: graph) { safety(line, "audit line", &problems) }
        if let bad = JSONCheck.validate(SecurityAuditRenderer.json(audit, graph: graph, file: "fuzz", format: "keyed")) {
            problems.append("audit JSON: \(bad)")
        }
        if !className.isEmpty, !audit.census.classes.contains(where: { $0.name == className }) {
            problems.append("the census misses the root's element class \(DisplayText.escape(className))")
        }
        guard let smallest = audit.prediction?.smallestAllowList else { return problems + ["no allow-list prediction for a keyed archive"] }
        if let r = SecurityAudit(graph: graph, allowed: smallest).prediction?.rejection {
            problems.append("the smallest allow-list (\(smallest.count) names) rejects #\(r.object) of \(DisplayText.escape(r.className))")
        }
        return problems
    }
}
