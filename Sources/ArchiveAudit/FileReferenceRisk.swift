import ArchiveCore

/// `security.file-reference`: an NSURL that is a file reference URL, and bookmark data in a data value.
enum FileReferenceRisk {
    static let fileReferencePrefix = "file:///.file/id="

    static func diagnostics(_ object: GraphObject, chain: [String], value: (ObjectID) -> ScalarValue?) -> [Diagnostic] {
        if object.kind == .value, case .data(let bytes)? = object.value, bytes.starts(with: Array("book".utf8)) {
            return [Diagnostic(SecurityCode.fileReference, "#\(object.id) is bookmark data (\(ValueFormatter.byteCount(bytes.count))): resolving it touches the file it names",
                               range: object.range, object: object.id)]
        }
        guard object.kind == .instance, chain.contains("NSURL"),
              let relative = SelectorRisk.stringField(object, { $0.isLiterally("NS.relative") }, value: value),
              relative.hasPrefix(fileReferencePrefix) else { return [] }
        return [Diagnostic(SecurityCode.fileReference, "#\(object.id) (\(ValueFormatter.excerpt(chain[0]))) is a file reference URL \(ValueFormatter.quoted(relative))",
                           range: object.range, object: object.id)]
    }
}
