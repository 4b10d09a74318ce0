import ArchiveModel

/// `--check` and `--json` over the inputs of the command line: one path for one file, several files
/// (as `plutil -lint` takes them) and sources of archives (issue 27), so a file reads the same in
/// every invocation (issue 35). Per input a section (or JSON line): a file's is `CheckReport.section`,
/// a source's its own problems and then one per archive, headed by its place (the archives checked on
/// all cores and reported in list order); after them one summary on standard output (`summary: N
/// archives: …`, or `{"summary": …}`). One file named alone reads as before: its diagnostics, with its
/// header line on standard error (`--json`: its document). The exit status is the worst of all (2
/// for an input that could not be read or decoded).
extension CLIModes {
    static func check(_ targets: [SourceTarget], _ out: FileOutput, grouped: Bool) -> Int32 {
        if targets.count == 1, case .file(let input)? = targets.first {
            guard let document = input.openReporting() else { return 2 }
            return check(document, out, grouped: grouped)
        }
        var tally = SourceTally()
        for target in targets {
            switch target {
            case .file(let input): checkFile(input, out, grouped: grouped, &tally)
            case .source(let path): checkSource(path, out, grouped: grouped, &tally)
            case .place(let source, let text): checkPlace(source, text, out, grouped: grouped, &tally)
            }
            out.flush()
        }
        out.line("summary: " + tally.summary)
        out.flush()
        return tally.worst
    }

    /// A file's section: `CheckReport.section`, or `NAME: not read` (why, on standard error).
    private static func checkFile(_ input: InputSource, _ out: FileOutput, grouped: Bool, _ tally: inout SourceTally) {
        guard let document = input.openReporting() else {
            out.line("\(input.displayName): not read")
            return tally.add(status: 2, format: "unreadable")
        }
        let diagnostics = DocumentCheck.fullCheck(of: document)
        for line in CheckReport.section(document, diagnostics, grouped: grouped) { out.line(line) }
        tally.add(status: status(document, diagnostics), format: SourceCheck.formatName(document))
    }

    /// A source's section (its own problems), then each archive's in list order.
    private static func checkSource(_ path: [UInt8], _ out: FileOutput, grouped: Bool, _ tally: inout SourceTally) {
        guard let source = openSource(path) else { return tally.add(status: 2, format: "unreadable") }
        tally.add(source: source)
        for line in SourceReport.sourceSection(source, grouped: grouped) { out.line(line) }
        SourceCheck.checkAll(source) { i, result in
            for line in SourceReport.archiveSection(SourceReport.label(source, source.entries[i].place), result, grouped: grouped) { out.line(line) }
            tally.add(status: result.status, format: result.format)
            return true
        }
    }

    /// One archive of a source, named by its place.
    private static func checkPlace(_ source: ArchiveSource, _ text: [UInt8], _ out: FileOutput, grouped: Bool, _ tally: inout SourceTally) {
        guard let place = source.place(named: text) else {
            out.line("\(placeArgument(source, text)): not found in the \(source.kind)")
            return tally.add(status: 2, format: "unreadable")
        }
        let result = SourceCheck.check(source, place)
        for line in SourceReport.archiveSection(SourceReport.label(source, place), result, grouped: grouped) { out.line(line) }
        tally.add(status: result.status, format: result.format)
    }
}

extension CLIModes {
    static func json(_ targets: [SourceTarget], _ out: FileOutput) -> Int32 {
        if targets.count == 1, case .file(let input)? = targets.first {
            guard let document = input.openReporting() else { return 2 }
            return json(document, out)
        }
        var tally = SourceTally()
        for target in targets {
            switch target {
            case .file(let input): jsonFile(input, out, &tally)
            case .source(let path): jsonSource(path, out, &tally)
            case .place(let source, let text): jsonPlace(source, text, out, &tally)
            }
            out.flush()
        }
        out.line(SourceReport.summaryJSON(tally))
        out.flush()
        return tally.worst
    }

    /// A file's JSON document, or `{"file": name, "error": reason}` when it could not be read.
    private static func jsonFile(_ input: InputSource, _ out: FileOutput, _ tally: inout SourceTally) {
        do {
            let document = try input.open()
            tally.add(status: json(document, out), format: SourceCheck.formatName(document))
        } catch {
            out.line(errorJSON(file: input.jsonName, error.description))
            out.flush()
            FileOutput.standardError.write("archive-browse: \(error.description)\n")
            tally.add(status: 2, format: "unreadable")
        }
    }

    /// A source's JSON line (its own problems), then each archive's in list order.
    private static func jsonSource(_ path: [UInt8], _ out: FileOutput, _ tally: inout SourceTally) {
        guard let source = openSource(path) else { return tally.add(status: 2, format: "unreadable") }
        tally.add(source: source)
        out.line(SourceReport.sourceJSON(source))
        let entries = source.entries
        SourceCheck.inOrder(count: entries.count, work: { SourceReport.archiveJSON(source, entries[$0].place) }) { _, line in
            out.line(line.text)
            tally.add(status: line.status, format: line.format)
            return true
        }
    }

    /// One archive of a source, named by its place; an error record when the source has none there.
    private static func jsonPlace(_ source: ArchiveSource, _ text: [UInt8], _ out: FileOutput, _ tally: inout SourceTally) {
        guard let place = source.place(named: text) else {
            out.line(errorJSON(file: JSONWriter.nameText(source.path + [UInt8(ascii: ":")] + text), "not found in the \(source.kind)"))
            return tally.add(status: 2, format: "unreadable")
        }
        let line = SourceReport.archiveJSON(source, place)
        out.line(line.text)
        tally.add(status: line.status, format: line.format)
    }

    /// `{"file": name, "error": reason}`: an input that could not be read.
    static func errorJSON(file: String, _ reason: String) -> String {
        var w = JSONWriter()
        w.beginObject(); w.field("file"); w.string(file)
        w.field("error"); w.string(reason); w.endObject()
        return w.text
    }
}
