import ArchiveCore

/// `security.class.dangerous`: classes with decoding semantics published exploits used.
enum DangerousClassRisk {
    /// Names and why each is dangerous.
    static let classes: [String: String] = [
        "NSSharedKeySet": "decodes attacker-chosen hash tables (CVE-2019-8641)",
        "NSSharedKeyDictionary": "is decoded with its own key set and can reach itself half-initialised",
        "NSKnownKeysDictionary1": "indexes its values by a decoded key table",
        "NSKnownKeysMappingStrategy1": "decodes a key table without checking it against its values",
        "_PFArray": "keeps the objects it is decoded with without retaining them (CVE-2019-8647)",
        "_NSDataFileBackedFuture": "reads data from a file path or URL the archive names (CVE-2019-8646)",
    ]

    static func diagnostic(_ object: GraphObject, chain: [String]) -> Diagnostic? {
        guard object.kind == .instance, let name = chain.first(where: { classes[$0] != nil }), let why = classes[name] else { return nil }
        return Diagnostic(SecurityCode.classDangerous,
                          "#\(object.id) is of class \(name), which \(why)",
                          range: object.range, object: object.id)
    }
}
