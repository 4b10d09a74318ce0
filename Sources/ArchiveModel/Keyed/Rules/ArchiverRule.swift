/// `$archiver` must be present and be `NSKeyedArchiver`; other names (a subclass such as
/// NRKeyedArchiver) are reported, since corelibs' unarchiver rejects them ("Unknown archiver").
enum ArchiverRule: KeyedHeaderRule {
    static func check(_ header: KeyedArchiveHeader, tree: any PlistTree) -> [Diagnostic] {
        guard header.presentKeys.contains("$archiver") else {
            return [Diagnostic("keyed.archiver.missing", .error, Messages.missing, range: header.rootRange, position: header.rootPosition)]
        }
        guard let name = header.archiver, name != "NSKeyedArchiver" else { return [] }
        return [Diagnostic("keyed.archiver.unknown", .warning, Messages.unknown(name), range: header.rootRange, position: header.rootPosition)]
    }

    enum Messages {
        static let missing = "the root has no $archiver key; NSKeyedUnarchiver rejects the archive"
        static func unknown(_ name: String) -> String {
            "$archiver is \"\(ValueFormatter.excerpt(name))\", not NSKeyedArchiver; corelibs rejects it (\"Unknown archiver\"), Apple's unarchiver accepts only its own name"
        }
    }
}
