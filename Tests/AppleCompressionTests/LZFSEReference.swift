import Foundation
import TestSupport

/// Apple's reference LZFSE implementation through PyPI's `lzfse` (`pip install lzfse`, which wraps
/// its C sources), run as a child process on files in a temporary folder: one process per batch.
enum LZFSEReference {
    /// Whether `python3` imports `lzfse` (the condition of the differential tests).
    static let isAvailable = Tools.python(importing: ["lzfse"])

    /// `lzfse.compress` of each input; nil (after printing why) when python3 fails.
    static func compress(_ inputs: [[UInt8]]) -> [[UInt8]]? {
        run("compress", inputs)
    }

    /// `lzfse.decompress` of each input (an empty array where it raised); nil when python3 fails.
    static func decompress(_ inputs: [[UInt8]]) -> [[UInt8]]? {
        run("decompress", inputs)
    }

    /// A binary plist (`plistlib`, FMT_BINARY) of a small dictionary with `count` entries.
    static func binaryPlist(count: Int) -> [UInt8]? {
        let script = "import plistlib, sys; sys.stdout.buffer.write(plistlib.dumps({('key%d' % i): [i, 'value %d' % i, i * 0.5, b'x' * (i % 40)] for i in range(\(count))}, fmt=plistlib.FMT_BINARY))"
        return python(["-c", script])
    }

    private static func run(_ function: String, _ inputs: [[UInt8]]) -> [[UInt8]]? {
        let folder = NSTemporaryDirectory() + "lzfse-reference-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else { return nil }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = inputs.indices.map { "\(folder)/\($0)" }
        for (path, input) in zip(paths, inputs) where !TestPlatform.writeFile(input, to: path) { return nil }
        let script = """
            import sys, lzfse
            for path in sys.argv[1:]:
                data = open(path, 'rb').read()
                try:
                    out = lzfse.\(function)(data)
                except Exception:
                    out = b''
                open(path + '.out', 'wb').write(out)
            """
        guard python(["-c", script] + paths) != nil else { return nil }
        var outputs: [[UInt8]] = []
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path + ".out") else { return nil }
            outputs.append([UInt8](data))
        }
        return outputs
    }

    /// Runs python3 with `arguments`; its standard output, or nil when it did not exit with 0.
    private static func python(_ arguments: [String]) -> [UInt8]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            print("cannot run python3: \(error)")
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            print("python3 exited with status \(process.terminationStatus)")
            return nil
        }
        return [UInt8](data)
    }
}
