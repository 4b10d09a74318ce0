import ArchiveModel
import ArgumentParser

/// One run of the command: the mode the flags chose (`Invocation+Flags.swift`), the inputs it reads
/// and the settings every mode shares. `run()` is the one `switch` over the modes.
struct Invocation {
    let mode: Mode
    let inputs: Inputs
    /// `-q`: no notes on standard error.
    let quiet: Bool

    /// Runs the mode; its exit status. A `ValidationError` for an argument that is wrong only once it
    /// is known what it names (`--columns` with one archive rather than a database).
    func run() throws -> Int32 {
        QuietNotes.isOn = quiet
        let out = FileOutput.standardOutput
        defer { out.flush() }
        switch mode {
        case .explain(let id): return CLIModes.explain(id)
        case .audit(let audit): return audit.run(inputs.targets, out)
        case .export(let request): return request.run(inputs, out)
        case .rescue(let request):
            guard let source = inputs.sources.first else { return 2 }
            return CLIModes.rescue(request.kind, source, output: request.output, force: request.force, json: request.json, side: request.side)
        case .check(let grouped): return CLIModes.check(inputs.targets, out, grouped: grouped)
        case .json: return CLIModes.json(inputs.targets, out)
        case .dump(let grouped, let fullValues):
            return try show(columns: nil, source: { try CLIModes.source($0, dump: true, screen: nil, keys: "") }) {
                CLIModes.dump($0, out, grouped: grouped, fullValues: fullValues)
            }
        case .screen(let size, let keys, let columns):
            return try show(columns: columns, source: { try CLIModes.source($0, dump: false, screen: size, keys: keys, columns: columns ?? []) }) {
                try CLIModes.screen($0, size: size, keys: keys, out)
            }
        case .browse(let columns):
            return try show(columns: columns, source: { try CLIModes.source($0, dump: false, screen: nil, keys: "", columns: columns ?? []) }) {
                CLIModes.interactive($0)
            }
        }
    }

    /// `--dump`, `--screen` and the browser: `source` for a source of archives (its list), else
    /// `document` on the one archive named (a file, or a place in a source), opened; 2 when it could
    /// not be read.
    private func show(columns: [String]?, source: ([UInt8]) throws -> Int32, document: (ArchiveDocument) throws -> Int32) throws -> Int32 {
        let target = inputs.targets.first
        if case .source(let path)? = target { return try source(path) }
        if columns != nil { throw ValidationError("--columns goes with a source (a database, folder or ZIP file), not with one archive") }
        guard let opened = target.flatMap(CLIModes.openArchive) else { return 2 }
        return try document(opened)
    }
}
