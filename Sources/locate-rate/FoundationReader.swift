import ArchiveModel
import Foundation

/// Asks Foundation's `PropertyListSerialization` whether it reads a file, in a child process, so that
/// a crash of Linux Foundation on a damaged file (it overflows its stack on some cycles and faults
/// bridging some sets: TOOLCHAIN.md) counts as a rejection instead of ending the measurement.
///
/// The child is this executable run with `--foundation-reader`: it reads length-prefixed files from
/// standard input and answers one byte each (1 = read, 0 = rejected). When it dies, the file it was
/// given counts as rejected and a new child is started.
final class FoundationReader {
    private var process: Process?
    private var input: FileHandle?
    private var output: FileHandle?
    /// Files on which the child crashed.
    private(set) var crashes = 0

    /// Whether Foundation reads `bytes`.
    func accepts(_ bytes: [UInt8]) -> Bool {
        if process == nil { start() }
        guard let input, let output else { return false }
        var length = UInt64(bytes.count).bigEndian
        let header = withUnsafeBytes(of: &length) { Data($0) }
        do {
            try input.write(contentsOf: header + Data(bytes))
            if let answer = try output.read(upToCount: 1), answer.count == 1 { return answer[0] == 1 }
        } catch {}
        crashes += 1
        stop()
        return false
    }

    private func start() {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        child.arguments = ["--foundation-reader"]
        let toChild = Pipe(), fromChild = Pipe()
        child.standardInput = toChild
        child.standardOutput = fromChild
        child.standardError = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        child.environment = environment
        do { try child.run() } catch { return }
        process = child
        input = toChild.fileHandleForWriting
        output = fromChild.fileHandleForReading
    }

    private func stop() {
        try? input?.close()
        process?.terminate()
        process?.waitUntilExit()
        process = nil; input = nil; output = nil
    }

    /// The child's loop: read a file, answer whether Foundation reads it, until standard input ends.
    static func serve() -> Never {
        let stdin = FileHandle.standardInput, stdout = FileHandle.standardOutput
        while let header = try? stdin.read(upToCount: 8), header.count == 8 {
            let length = header.reduce(0) { $0 << 8 | Int($1) }
            var data = Data()
            while data.count < length, let chunk = try? stdin.read(upToCount: length - data.count), !chunk.isEmpty { data += chunk }
            let read = (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) != nil
            try? stdout.write(contentsOf: Data([read ? 1 : 0]))
        }
        exit(0)
    }
}
