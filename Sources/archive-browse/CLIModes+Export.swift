import ArchiveModel

/// `--unarchive`, `--extract` and `--classes`: the archive as a plain document, one value of it, and
/// what its classes hold. Each runs on damaged archives too: it writes what decodes, the diagnostics go
/// to standard error, and the exit status is `--check`'s.
extension CLIModes {
    /// Checks the document, writes its diagnostics (grouped) and a summary to standard error, and
    /// returns `--check`'s exit status.
    static func reportProblems(_ document: ArchiveDocument) -> Int32 {
        report(document, DocumentCheck.fullCheck(of: document))
    }

    /// `reportProblems`, with the check run on another core while `write` writes the output (the
    /// export and the check each read the whole graph; side by side they take the time of the longer).
    static func reportProblems(_ document: ArchiveDocument, whileWriting write: () -> Void) -> Int32 {
        let check = BackgroundCheck(document)
        write()
        return report(document, check.diagnostics())
    }

    /// Writes `diagnostics` (grouped) and a summary to standard error; `--check`'s exit status.
    private static func report(_ document: ArchiveDocument, _ diagnostics: [Diagnostic]) -> Int32 {
        let problems = CheckReport.lines(QuietNotes.shown(diagnostics), grouped: true)
        let err = FileOutput.standardError
        if !problems.isEmpty {
            err.write(problems.map { "\(document.displayName): " + $0 + "\n" }.joined())
            err.write("\(document.displayName): \(document.format): \(CheckReport.summary(diagnostics))\n")
        }
        return status(document, diagnostics)
    }

    static func unarchive(_ document: ArchiveDocument, format: ExportFormat, _ out: FileOutput) -> Int32 {
        if format == .binary1, Platform.isTerminal(1) {
            FileOutput.standardError.write("archive-browse: --unarchive binary1 writes binary data; redirect it to a file or a pipe\n")
            return 2
        }
        return reportProblems(document) {
            export(document, format: format, out)
            out.flush()
        }
    }

    /// The whole document in `format` on `out`.
    private static func export(_ document: ArchiveDocument, format: ExportFormat, _ out: FileOutput) {
        var exporter = ArchiveExporter(shapes: ExportShapes.followingEmbeddedArchives(of: document.graph))
        let write: ([UInt8]) -> Void = { out.write(bytes: $0) }
        switch format {
        case .json:
            var sink = JSONExportSink(write: write)
            exporter.write(exporter.shapes.root, to: &sink)
        case .xml1:
            var sink = NestingLimitedSink(XMLPlistExportSink(write: write))
            exporter.write(exporter.shapes.root, to: &sink)
            if sink.base.replacedKeys > 0 {
                FileOutput.standardError.write("archive-browse: \(English.count(sink.base.replacedKeys, "key")) held characters XML 1.0 cannot hold;"
                    + " they are written as \\u{…} text (json and binary1 keep them)\n")
            }
            reportCut(sink)
        case .binary1:
            var sink = NestingLimitedSink(BinaryPlistExportSink(write: write))
            exporter.write(exporter.shapes.root, to: &sink)
            reportCut(sink)
        }
        if exporter.refusedRepeats > 0 {
            FileOutput.standardError.write("archive-browse: \(English.count(exporter.refusedRepeats, "repeat")) of short values past the repeat budget"
                + " (\(JSONRenderer.defaultRepeatBudget(inputSize: document.input.count)) bytes) are written as {\"$ref\": id, \"$path\": …} markers\n")
        }
    }

    /// Says how many containers a plist output left out below CoreFoundation's nesting limit.
    private static func reportCut<S>(_ sink: NestingLimitedSink<S>) {
        guard sink.cutContainers > 0 else { return }
        FileOutput.standardError.write("archive-browse: \(English.count(sink.cutContainers, "container")) nested deeper than"
            + " \(sink.containerLimit) others \(sink.cutContainers == 1 ? "is" : "are each") written as one \"$tooDeep: …\" string:"
            + " CoreFoundation reads a property list only \(NestingLimitedSink<S>.coreFoundationLimit) levels deep (json keeps them)\n")
    }

    /// `--extract PATH`: a scalar as text (raw bytes for data; escaped on a terminal), anything else
    /// as JSON; exit 1 naming the longest prefix that resolved when the path does not.
    static func extract(_ document: ArchiveDocument, path: [String], _ out: FileOutput) -> Int32 {
        let shapes = ExportShapes.followingEmbeddedArchives(of: document.graph)
        switch ExportPathResolver(shapes: shapes).resolve(path) {
        case .notFound(let resolved, let there):
            let prefix = resolved.isEmpty ? "the document" : KeyPath.escapedForm(resolved)
            let wanted = KeyPath.escapedForm(path)
            // Path forms double a key's own backslashes, so their escapes stay unambiguous.
            FileOutput.standardError.write("archive-browse: no value at \(DisplayText.escapeMessage(wanted)); the longest prefix that resolves is "
                + "\(DisplayText.escapeMessage(prefix)), \(there)\n")
            _ = reportProblems(document)
            return 1
        case .found(let value, let resolved, let owner):
            return reportProblems(document) {
                if case .scalar(let s) = value {
                    printScalar(s, out)
                } else {
                    var exporter = ArchiveExporter(shapes: owner)
                    var sink = JSONExportSink { out.write(bytes: $0) }
                    exporter.write(value, at: resolved.map(KeyPath.escapedComponent), to: &sink)
                }
                out.flush()
            }
        }
    }

    /// A scalar as `--extract` prints it: text and numbers on a line, data as its bytes; on a terminal
    /// everything escaped (`DisplayText`).
    private static func printScalar(_ s: ExportScalar, _ out: FileOutput) {
        let terminal = Platform.isTerminal(1)
        switch s {
        case .string(let text): out.line(terminal ? DisplayText.escape(text) : text)
        case .data(let bytes):
            if terminal { out.line(DisplayText.escape(bytes: bytes)) } else { out.write(bytes: bytes) }
        case .null: out.line("null")
        case .bool(let b): out.line(b ? "true" : "false")
        case .integer(let i): out.line(String(i))
        case .real(let d): out.line(ValueFormatter.real(d))
        case .date(let t): out.line(ValueFormatter.isoDate(t))
        case .uid(let u): out.line(String(u))
        }
    }

    static func classes(_ document: ArchiveDocument, json: Bool, _ out: FileOutput) -> Int32 {
        reportProblems(document) {
            let census = ClassCensus(graph: document.graph)
            if json {
                out.write(ClassCensusRenderer.json(census, file: document.nameIsExact ? document.name : document.displayName))
                out.line("")
            } else {
                for line in ClassCensusRenderer.lines(census) { out.line(line) }
            }
            out.flush()
        }
    }
}

/// `--diff A B`.
extension CLIModes {
    /// Compares the graphs of `a` and `b`: the differences on standard output (nothing when the graphs
    /// are equal; `--json`: one document), a summary and each file's problems on standard error. Exit
    /// 0 when equal, 1 when they differ (or either has problems, as `--check` counts them), 2 when a
    /// file was not decoded.
    static func diff(_ a: ArchiveDocument, _ b: ArchiveDocument, json: Bool, _ out: FileOutput) -> Int32 {
        let diff = GraphDiff(a.graph, b.graph)
        if json {
            out.line(GraphDiffText.json(diff, a: a.nameIsExact ? a.name : a.displayName, b: b.nameIsExact ? b.name : b.displayName))
        } else {
            for line in GraphDiffText.lines(diff) { out.line(line) }
        }
        out.flush()
        let count = diff.differences.count + diff.omitted
        FileOutput.standardError.write("archive-browse: \(a.displayName) and \(b.displayName): "
            + (diff.isEqual ? "equal object graphs" : English.count(count, "difference")) + "\n")
        let statuses = [reportProblems(a), reportProblems(b)]
        if statuses.contains(2) { return 2 }
        return diff.isEqual && !statuses.contains(1) ? 0 : 1
    }
}
