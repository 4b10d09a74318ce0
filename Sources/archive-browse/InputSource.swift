import ArchiveModel

/// Where one input comes from: a file named on the command line (by the bytes the shell passed),
/// standard input (`-`), or a built-in demo archive.
enum InputSource {
    case file([UInt8])
    case standardInput
    case demo(corrupt: Bool)

    /// The sources for the command line's file arguments (`-` is standard input).
    static func sources(for files: [String]) -> [InputSource] {
        zip(files, RawArguments.bytes(of: files)).map { text, bytes in text == "-" ? .standardInput : .file(bytes) }
    }

    /// The name as every text output shows it (escaped).
    var displayName: String {
        switch self {
        case .file(let bytes): DisplayText.escape(bytes: bytes)
        case .standardInput: "-"
        case .demo(let corrupt): corrupt ? "demo-corrupt" : "demo"
        }
    }

    /// The name for JSON, which escapes what it must itself: the name as text, or escaped when its
    /// bytes are not UTF-8 (as `ArchiveDocument` gives it).
    var jsonName: String {
                if case .file(let bytes) = self { return String(validating: bytes, as: UTF8.self) ?? displayName }
        return displayName
    }

    /// Reads and opens the input; a read error says why, with the name escaped.
    func open() throws(InputBytes.ReadError) -> ArchiveDocument {
        switch self {
        case .file(let bytes): ArchiveDocument.open(try InputBytes.read(path: bytes), nameBytes: bytes)
        case .standardInput: ArchiveDocument.open(try InputBytes.readAll(fd: 0, name: "standard input"), name: "-")
        case .demo(let corrupt): ArchiveDocument.open(InputBytes(DemoArchive.bytes(corrupt: corrupt)), name: displayName)
        }
    }

    /// `open()`, saying on standard error why an input could not be read (nil then).
    func openReporting() -> ArchiveDocument? {
        do {
            return try open()
        } catch {
            FileOutput.standardOutput.flush() // what was printed for earlier files comes first
            FileOutput.standardError.write("archive-browse: \(error.description)\n")
            return nil
        }
    }
}
