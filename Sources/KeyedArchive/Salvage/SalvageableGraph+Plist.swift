import ArchiveCore

/// A keyed archive (binary or XML) is salvaged into a keyed archive (`KeyedSalvage`).
extension KeyedArchiveGraph: SalvageableGraph {
    package func salvage() -> SalvageOutcome {
        let (bytes, report) = KeyedSalvage.salvage(self)
        return .written(bytes: bytes, content: report)
    }
}

/// A plain property list (binary, XML or OpenStep) is salvaged into a binary plist of its decodable
/// part: the root and everything below it that decodes; elements and keys that do not are left out,
/// each reported.
extension PlistObjectGraph: SalvageableGraph {
    package func salvage() -> SalvageOutcome {
        guard let root = tree.rootID else { return .refused("the property list has no readable root object, so nothing can be salvaged") }
        var salvager = PlistSalvager(tree: tree)
        salvager.inlinePlaceholders = true
        switch salvager.convert(root, object: root, key: nil) {
        case .unusable(let why):
            return .refused("the property list's root object does not decode (\(why)), so nothing can be salvaged")
        case .written(let index):
            salvager.builder.topObject = index
            var report = SalvagedContent()
            report.changes = salvager.changes
            report.objectCount = salvager.builder.objects.count
            report.keptObjects = salvager.builder.objects.count
            report.contentValues = salvager.valuesWritten
            return .written(bytes: salvager.builder.build().bytes, content: report)
        }
    }
}
