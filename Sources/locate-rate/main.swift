import ArchiveModel
import Foundation

/// locate-rate: over binary keyed archives, the share of single-byte corruptions that an independent
/// reader rejects and archive-browse locates, per region (object bytes, offset table, trailer).
/// Issue 24's measurement; scripts/locate-rate.sh runs it on the shared corpus, ROBUSTNESS.md has the figures.
let usage = """
    usage: locate-rate [--positions N] [--values K] [--seed S] PATH...
      PATH: files or folders of binary keyed archives (folders are not searched recursively)
      --positions N  byte positions sampled per region per file (default 64; 0 = every byte)
      --values K     new values tried per position (default 2)
    """

if CommandLine.arguments.dropFirst().first == "--foundation-reader" { FoundationReader.serve() }

var positionsPerRegion = 64
var valuesPerPosition = 2
var seed: UInt64 = 1
var paths: [String] = []
var args = Array(CommandLine.arguments.dropFirst())
while !args.isEmpty {
    let a = args.removeFirst()
    switch a {
    case "--positions": positionsPerRegion = Int(args.isEmpty ? "" : args.removeFirst()) ?? positionsPerRegion
    case "--values": valuesPerPosition = Int(args.isEmpty ? "" : args.removeFirst()) ?? valuesPerPosition
    case "--seed": seed = UInt64(args.isEmpty ? "" : args.removeFirst()) ?? seed
    case "-h", "--help": print(usage); exit(0)
    default: paths.append(a)
    }
}
guard !paths.isEmpty else { FileHandle.standardError.write(Data(usage.utf8)); exit(2) }

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

var random = SeededRandom(seed: seed)
var tallies: [LocateMeasurement.Region: LocateMeasurement.Tally] = [:]
var measured = 0
var perFile: [(String, Int, Int)] = []
for path in files {
    guard let data = FileManager.default.contents(atPath: path),
          let measurement = LocateMeasurement(name: path, bytes: Array(data)) else { continue }
    measured += 1
    let n = data.count
    let regions: [(LocateMeasurement.Region, Range<Int>)] = [(.objects, 8..<measurement.tableStart), (.table, measurement.tableStart..<(n - 32)), (.trailer, (n - 32)..<n)]
    var positions: [Int] = []
    for (_, range) in regions where !range.isEmpty {
        if positionsPerRegion == 0 || range.count <= positionsPerRegion {
            positions += Array(range)
        } else {
            positions += (0..<positionsPerRegion).map { _ in range.lowerBound + Int(random.next() % UInt64(range.count)) }
        }
    }
    var fileTallies: [LocateMeasurement.Region: LocateMeasurement.Tally] = [:]
    measurement.measure(positions: positions, values: { _, old in
        var values: [UInt8] = []
        while values.count < valuesPerPosition {
            let v = UInt8(truncatingIfNeeded: random.next())
            if v != old, !values.contains(v) { values.append(v) }
        }
        return values
    }, into: &fileTallies)
    for (region, t) in fileTallies {
        tallies[region, default: .init()].rejected += t.rejected
        tallies[region, default: .init()].located += t.located
        for miss in t.misses where (tallies[region]?.misses.count ?? 0) < 12 {
            tallies[region, default: .init()].misses.append(miss)
            FileHandle.standardError.write(Data("not located: \(path) offset \(miss.0) = 0x\(String(miss.1, radix: 16)) (\(region.rawValue))\n".utf8))
        }
    }
    let rejected = fileTallies.values.reduce(0) { $0 + $1.rejected }, located = fileTallies.values.reduce(0) { $0 + $1.located }
    perFile.append((path, rejected, located))
}

func percent(_ a: Int, _ b: Int) -> String { b == 0 ? "n/a" : String(format: "%.1f %%", 100 * Double(a) / Double(b)) }
print("| region | rejected by Foundation | located | share |")
print("|---|---:|---:|---:|")
var all = LocateMeasurement.Tally()
for region in LocateMeasurement.Region.allCases {
    let t = tallies[region] ?? .init()
    all.rejected += t.rejected
    all.located += t.located
    print("| \(region.rawValue) | \(t.rejected) | \(t.located) | \(percent(t.located, t.rejected)) |")
}
print("| all | \(all.rejected) | \(all.located) | \(percent(all.located, all.rejected)) |")
print("")
if LocateMeasurement.reader.crashes > 0 {
    print("Foundation crashed on \(LocateMeasurement.reader.crashes) damaged files (counted as rejected)")
}
print("\(measured) binary keyed archives of \(files.count) files; \(positionsPerRegion == 0 ? "every byte" : "\(positionsPerRegion) positions per region"), \(valuesPerPosition) values each, seed \(seed)")

/// SplitMix64, so a run is repeatable from its seed.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
