import ArchiveCore

/// `$archiver` should be present and be `NSKeyedArchiver`. Apple's unarchiver does not read it, but
/// swift-corelibs-foundation's rejects any other value ("Unknown archiver"), and a subclass of the
/// archiver (NRKeyedArchiver) writes its own name there.
enum ArchiverRule: KeyedHeaderRule {
    static func check(_ header: KeyedArchiveHeader, tree: any PlistTree) -> [Diagnostic] {
        guard header.presentKeys.contains("$archiver") else {
            return [Diagnostic(KeyedArchiveCode.archiverMissing, Messages.missing, range: header.rootRange, position: header.rootPosition,
                               notes: header.nearMisses(of: "$archiver"))]
        }
        guard let name = header.archiver, name != "NSKeyedArchiver" else { return [] }
        return [Diagnostic(KeyedArchiveCode.archiverUnknown, Messages.unknown(name), range: header.archiverRange ?? header.rootRange,
                           position: header.archiverPosition ?? header.rootPosition)]
    }

    enum Messages {
        static let missing = "the root has no $archiver key; swift-corelibs-foundation rejects the archive (Apple's unarchiver does not check it)"
        static func unknown(_ name: String) -> String {
            "$archiver is \"\(ValueFormatter.excerpt(name))\", not NSKeyedArchiver; swift-corelibs-foundation rejects it (\"Unknown archiver\"), Apple's unarchiver does not check it"
        }
    }
}
