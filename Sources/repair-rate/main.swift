import ArchiveModel
import Foundation

/// repair-rate: over binary archives (keyed and plain binary plists, typedstreams, NIBArchives), each
/// put through every line-ending conversion that changes it, the share `--repair` gives back byte for
/// byte, the share it gives back as a file with no broken invariant (no error, no warning, no object
/// or byte nothing refers to beyond the original's own), and the rest; copies whose damage nothing in
/// the format shows (only bytes inside values changed) are counted apart. Issue 42's measurement;
/// scripts/repair-rate.sh runs it on the shared corpus, ROBUSTNESS.md has the figures.
let usage = """
    usage: repair-rate [--max-size BYTES] [--seconds S] [--conversion NAME]... PATH...
      PATH: files or folders (not searched recursively); files in no binary archive format are skipped
      --max-size BYTES  skip larger files (default 300000)
      --seconds S       time limit of each repair's search (default 20, as --repair)
      --conversion NAME cr-to-lf, crlf-to-lf, lf-to-crlf or cr-to-crlf (default: all four)
      --list            one line per file and conversion
    """

var maxSize = 300_000
var seconds = 20.0
var conversions: [LineEndingConversion] = []
var list = false
var paths: [String] = []
var args = Array(CommandLine.arguments.dropFirst())
while !args.isEmpty {
    let a = args.removeFirst()
    switch a {
    case "--max-size": maxSize = Int(args.isEmpty ? "" : args.removeFirst()) ?? maxSize
    case "--seconds": seconds = Double(args.isEmpty ? "" : args.removeFirst()) ?? seconds
    case "--conversion":
        if let c = LineEndingConversion(rawValue: args.isEmpty ? "" : args.removeFirst()) { conversions.append(c) }
    case "--list": list = true
    case "-h", "--help": print(usage); exit(0)
    default: paths.append(a)
    }
}
guard !paths.isEmpty else { FileHandle.standardError.write(Data(usage.utf8)); exit(2) }
if conversions.isEmpty { conversions = LineEndingConversion.allCases }

var files: [String] = []
for path in paths {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
    if isDirectory.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        files += names.sorted().filter { !$0.hasPrefix(".") }.map { path + "/" + $0 }
    } else {
        files.append(path)
    }
}

var tally = RepairTally()
for path in files {
    guard let data = FileManager.default.contents(atPath: path), data.count <= maxSize else { continue }
    let original = [UInt8](data)
    let format = ArchiveDocument.open(InputBytes(original), name: path).format
    guard format.isBinaryArchive, !RepairOutcome.hasErrors(original) else { continue }
    for conversion in conversions {
        let damaged = conversion.apply(original)
        guard damaged != original else { continue }
        let outcome = RepairOutcome.measure(original: original, damaged: damaged, seconds: seconds)
        tally.add(format: format, conversion: conversion, outcome)
        if list { print("\(outcome.kind.rawValue)\t\(conversion.rawValue)\t\(outcome.seconds)\t\(path)") }
    }
}
print(tally.report())
