import ArchiveCore

/// `$version` must be the integer 100000.
enum VersionRule: KeyedHeaderRule {
    static func check(_ header: KeyedArchiveHeader, tree: any PlistTree) -> [Diagnostic] {
        guard header.presentKeys.contains("$version") else {
            return [Diagnostic(KeyedArchiveCode.versionMissing, Messages.missing, range: header.rootRange, position: header.rootPosition,
                               notes: header.nearMisses(of: "$version"))]
        }
        guard let version = header.version, version != 100_000 else { return [] }
        return [Diagnostic(KeyedArchiveCode.versionUnsupported, Messages.unsupported(version),
                           range: header.versionRange ?? header.rootRange, position: header.versionPosition ?? header.rootPosition)]
    }

    enum Messages {
        static let missing = "the root has no $version key; NSKeyedUnarchiver expects 100000"
        static func unsupported(_ v: Int128) -> String { "$version is \(v), not 100000; NSKeyedUnarchiver rejects it (\"Unknown archive version\")" }
    }
}
