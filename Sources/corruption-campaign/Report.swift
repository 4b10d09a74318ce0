/// Turns `results.tsv` (possibly written by several resumed runs) into a Markdown report.
enum Report {
    struct FileStats {
        var size = 0
        var format = "?"
        var variants = 0
        var total = 0.0
        var max = 0.0
        var maxDescriptor = "-"
        var peakKB = 0
        var peakDescriptor = "-"
    }

    static func markdown(_ tsv: String) -> String {
        var files: [String: FileStats] = [:]
        var order: [String] = []
        var slow: [(name: String, descriptor: String, seconds: Double)] = []
        var findings: [[Substring]] = []
        var runs: [String] = []
        for line in tsv.split(separator: "\n") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            switch f.first {
            case "segment" where f.count >= 10:
                let name = String(f[1])
                if files[name] == nil { order.append(name) }
                var s = files[name, default: FileStats()]
                s.size = Int(f[2]) ?? 0
                if f[3] != "?" { s.format = String(f[3]) }
                s.variants += Int(f[4]) ?? 0
                s.total += Double(f[5]) ?? 0
                if let m = Double(f[6]), m > s.max { s.max = m; s.maxDescriptor = String(f[7]) }
                if let p = Int(f[8]), p > s.peakKB { s.peakKB = p; s.peakDescriptor = String(f[9]) }
                files[name] = s
            case "slow" where f.count >= 4:
                slow.append((String(f[1]), String(f[2]), Double(f[3]) ?? 0))
            case "finding":
                findings.append(f)
            case "run" where f.count >= 3:
                runs.append(f[1] + ": " + f[2])
            default: break
            }
        }
        let stats = order.compactMap { files[$0] }
        let decodes = stats.reduce(0) { $0 + $1.variants }
        let total = stats.reduce(0.0) { $0 + $1.total }
        var out: [String] = []
        out.append("- inputs: \(order.count) files, \(decodes) decodes, \(fmt(total)) s decoding, \(runs.filter { $0.hasPrefix("start") }.count) run(s) (1 + restarts)")
        if let worst = order.max(by: { (files[$0]?.max ?? 0) < (files[$1]?.max ?? 0) }), let s = files[worst] {
            out.append("- slowest single decode: \(fmt(s.max)) s (`\(worst)`, \(s.maxDescriptor), \(s.size) bytes)")
        }
        if let big = order.max(by: { (files[$0]?.peakKB ?? 0) < (files[$1]?.peakKB ?? 0) }), let s = files[big] {
            out.append("- largest peak-RSS growth during one decode: \(s.peakKB / 1024) MiB (`\(big)`, \(s.peakDescriptor), \(s.size) bytes)")
        }
        let kinds = Dictionary(grouping: findings, by: { $0.count > 3 ? String($0[3]) : "?" })
        out.append("- findings: " + (findings.isEmpty ? "none" : kinds.keys.sorted().map { "\($0): \(kinds[$0]?.count ?? 0)" }.joined(separator: ", ")))
        out.append("")
        if !findings.isEmpty {
            out.append("| input | variant | kind | detail |")
            out.append("|---|---|---|---|")
            for f in findings.prefix(50) where f.count >= 5 {
                out.append("| `\(f[1])` | \(f[2]) | \(f[3]) | \(String(f[4].prefix(200)).replacingOccurrencesOfPipe()) |")
            }
            out.append("")
        }
        out.append("Per format (format as detected on the undamaged file):")
        out.append("")
        out.append("| format | files | decodes | mean ms | max s |")
        out.append("|---|---|---|---|---|")
        let byFormat = Dictionary(grouping: stats, by: { $0.format })
        for key in byFormat.keys.sorted() {
            let group = byFormat[key] ?? []
            let n = group.reduce(0) { $0 + $1.variants }
            let t = group.reduce(0.0) { $0 + $1.total }
            let m = group.map(\.max).max() ?? 0
            out.append("| \(key) | \(group.count) | \(n) | \(fmt(n > 0 ? t / Double(n) * 1000 : 0)) | \(fmt(m)) |")
        }
        out.append("")
        out.append("Slowest inputs:")
        out.append("")
        out.append("| input | size | variant | seconds |")
        out.append("|---|---|---|---|")
        for s in slow.sorted(by: { $0.seconds > $1.seconds }).prefix(10) {
            out.append("| `\(s.name)` | \(files[s.name]?.size ?? 0) | \(s.descriptor) | \(fmt(s.seconds)) |")
        }
        return out.joined(separator: "\n") + "\n"
    }
}

extension String {
    func replacingOccurrencesOfPipe() -> String { String(map { $0 == "|" ? "/" : $0 }) }
}
