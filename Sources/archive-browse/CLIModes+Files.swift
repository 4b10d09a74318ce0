import ArchiveModel

/// `--check` and `--json` over several files, as `plutil -lint` takes them: one section (or one JSON
/// line) per file, in order, each file opened and released before the next; the exit status is the
/// worst of the files' (2 for one that could not be read or decoded).
extension CLIModes {
    /// `--check FILE…`: per file a header line (`name: format: 1 error, 0 warnings, 0 notes`) and its
    /// diagnostics indented under it; a closing summary of the files on standard error.
    static func check(_ sources: [InputSource], _ out: FileOutput, grouped: Bool) -> Int32 {
        if sources.count == 1, let only = sources.first {
            guard let document = only.openReporting() else { return 2 }
            return check(document, out, grouped: grouped)
        }
        var tally = FileTally()
        for source in sources {
            tally.add(checkSection(source, out, grouped: grouped).status)
        }
        out.flush()
        FileOutput.standardError.write("archive-browse: checked \(tally.summary)\n")
        return tally.worst
    }

    /// One file's section of `--check` over several inputs (`CheckReport.section`, or `NAME: not
    /// read`): the one implementation for files given with other files and files given with sources,
    /// so a file reads the same in every invocation. Returns its exit status and its format as the
    /// sources' tally counts it.
    static func checkSection(_ source: InputSource, _ out: FileOutput, grouped: Bool) -> (status: Int32, format: String) {
        guard let document = source.openReporting() else {
            out.line("\(source.displayName): not read")
            return (2, "unreadable")
        }
        let diagnostics = DocumentCheck.fullCheck(of: document)
        for line in CheckReport.section(document, diagnostics, grouped: grouped) { out.line(line) }
        return (status(document, diagnostics), SourceCheck.formatName(document))
    }

    /// `--json FILE…`: JSON Lines, one document per file (each on one line); a file that could not
    /// be read is `{"file": name, "error": reason}`.
    static func json(_ sources: [InputSource], _ out: FileOutput) -> Int32 {
        if sources.count == 1, let only = sources.first {
            guard let document = only.openReporting() else { return 2 }
            return json(document, out)
        }
        var tally = FileTally()
        for source in sources {
            do {
                tally.add(json(try source.open(), out))
            } catch {
                var w = JSONWriter()
                w.beginObject(); w.field("file"); w.string(source.jsonName)
                w.field("error"); w.string(error.description); w.endObject()
                out.line(w.text)
                out.flush()
                FileOutput.standardError.write("archive-browse: \(error.description)\n")
                tally.add(2)
            }
        }
        return tally.worst
    }
}

/// How the files of one run came out, for the closing summary and the exit status.
struct FileTally {
    private(set) var clean = 0, withProblems = 0, failed = 0

    mutating func add(_ status: Int32) {
        switch status {
        case 0: clean += 1
        case 1: withProblems += 1
        default: failed += 1
        }
    }

    /// 2 when any file was not read or decoded, else 1 when any had problems, else 0.
    var worst: Int32 { failed > 0 ? 2 : withProblems > 0 ? 1 : 0 }

    /// `3 files: 1 clean, 1 with problems, 1 not read or not decoded`.
    var summary: String {
        English.count(clean + withProblems + failed, "file") + ": \(clean) clean, \(withProblems) with problems, \(failed) not read or not decoded"
    }
}
