import ArchiveModel

/// `--audit [--allowed-classes LIST|@FILE] FILE…` (issue 40): the allowed set read, then the audit run.
extension AuditMode {
    /// The allowed set: nil when `--allowed-classes` was not given, empty when it was given without a
    /// list (print the smallest list); nil after saying why on standard error when `@FILE` is unreadable.
    func allowedClassList() -> (given: Bool, names: [String])? {
        guard let allowedClasses else { return (false, []) }
        guard allowedClasses.hasPrefix("@") else { return (true, AuditArguments.names(in: allowedClasses)) }
        let path = String(allowedClasses.dropFirst())
        guard let input = try? InputBytes.read(path: path) else {
            FileOutput.standardError.write("archive-browse: --allowed-classes: cannot read \(DisplayText.escape(path))\n")
            return nil
        }
        return (true, AuditArguments.names(in: String(decoding: input.buffer, as: UTF8.self)))
    }

    /// Audits every target (a file, each archive of a source, a place); the worst exit status.
    func run(_ targets: [SourceTarget], _ out: FileOutput) -> Int32 {
        guard let (given, names) = allowedClassList() else { return 2 }
        return CLIModes.audit(targets, allowed: given ? names : nil, json: json, grouped: grouped, out)
    }
}

/// The argument forms of `--allowed-classes`.
enum AuditArguments {
    /// Class names separated by commas, spaces or lines; `#` starts a comment to the end of its line.
    static func names(in text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.prefix { $0 != "#" } }
            .flatMap { $0.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\r" }) }
            .map(String.init)
    }

    /// `arguments` with a bare `--allowed-classes` (last, or before another option) or an empty
    /// `--allowed-classes=` given the empty list: the forms that ask for the smallest list.
    static func normalised(_ arguments: [String]) -> [String] {
        var out: [String] = []
        for (i, a) in arguments.enumerated() {
            guard a == "--allowed-classes" || a == "--allowed-classes=" else { out.append(a); continue }
            let next = i + 1 < arguments.count ? arguments[i + 1] : nil
            let bare = a == "--allowed-classes=" || next == nil || (next?.hasPrefix("-") == true && next != "-")
            out += bare ? ["--allowed-classes", ""] : [a]
        }
        return out
    }
}
