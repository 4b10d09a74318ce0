/// The campaign loop: every variant of every input through the `Examiner`, with results streamed to
/// `results.tsv` and the current input named in `current` before each decode (for the wrapper script
/// to record a crash that kills the process).
struct Campaign {
    var plan: VariantPlan
    var limit: Double
    var grace: Double
    var outDir: String
    var json: Bool
    /// `name<TAB>descriptor` of the last variant done before a restart.
    var resumeAfter: (name: String, descriptor: String)?
    /// Testing aids for the wrapper script: abort (crash) or hang at this `name<TAB>variant`.
    var crashOn: String?
    var hangOn: String?

    /// Statistics of a run of consecutive variants of one input.
    struct Segment {
        var name: String
        var size: Int
        var format = "?"
        var variants = 0
        var total = 0.0
        var slowest: [(descriptor: String, seconds: Double)] = []
        var peakKB = 0
        var peakDescriptor = "-"

        mutating func add(_ descriptor: String, _ seconds: Double, peakKB: Int) {
            variants += 1
            total += seconds
            if slowest.count < 3 || seconds > slowest[slowest.count - 1].seconds {
                slowest.append((descriptor, seconds))
                slowest.sort { $0.seconds > $1.seconds }
                if slowest.count > 3 { slowest.removeLast() }
            }
            if peakKB > self.peakKB { self.peakKB = peakKB; peakDescriptor = descriptor }
        }

        func rows() -> [String] {
            let max = slowest.first ?? ("-", 0)
            var rows = ["segment\t\(name)\t\(size)\t\(format)\t\(variants)\t\(fmt(total))\t\(fmt(max.seconds))\t\(max.descriptor)\t\(peakKB)\t\(peakDescriptor)"]
            rows += slowest.map { "slow\t\(name)\t\($0.descriptor)\t\(fmt($0.seconds))" }
            return rows
        }
    }

    func run(_ inputs: [CampaignInput]) -> Int32 {
        guard let log = LineLog(path: outDir + "/results.tsv") else {
            printError("corruption-campaign: cannot write \(outDir)/results.tsv")
            return 2
        }
        let current = outDir + "/current"
        let measuresPeak = Probe.resetPeak()
        let started = Probe.now()
        log.write("run\tstart\tmutations=\(plan.mutations) cuts=\(plan.maxCuts) seed=\(plan.seed) limit=\(fmt(limit))s json=\(json) peak=\(measuresPeak)"
                  + (resumeAfter.map { " resume-after=\($0.name)|\($0.descriptor)" } ?? ""))
        let examiner = Examiner(json: json)
        var skipping = resumeAfter != nil
        var decodes = 0
        for input in inputs {
            if skipping, let resume = resumeAfter, input.name != resume.name { continue }
            guard let original = input.bytes() else {
                log.write("finding\t\(input.name)\t-\tunreadable\tcould not read the file")
                continue
            }
            let variants = plan.variants(size: original.count)
            var first = 0
            if skipping, let resume = resumeAfter {
                skipping = false
                first = (variants.firstIndex { $0.descriptor == resume.descriptor } ?? -1) + 1
            }
            var segment = Segment(name: input.name, size: original.count)
            let fileStart = Probe.now()
            for variant in variants[first...] {
                let bytes = plan.bytes(of: variant, original: original, name: input.name)
                overwrite(current, "\(input.name)\t\(variant.descriptor)\t\(bytes.count)\n")
                if measuresPeak { _ = Probe.resetPeak() }
                let before = Probe.memory()
                let key = "\(input.name)\t\(variant.descriptor)"
                if key == crashOn { Platform.abort() }
                let outcome = examiner.run(bytes, limit: limit, grace: grace, hang: key == hangOn)
                let after = Probe.memory()
                let peakKB = measuresPeak ? Swift.max(0, (after?.peak ?? 0) - (before?.rss ?? 0)) : 0
                decodes += 1
                switch outcome {
                case .finished(let e), .slow(let e):
                    segment.format = e.format
                    segment.add(variant.descriptor, e.seconds, peakKB: peakKB)
                    if case .slow = outcome {
                        log.write("finding\t\(input.name)\t\(variant.descriptor)\thang\tfinished after \(fmt(e.seconds)) s, over the \(fmt(limit)) s limit")
                    }
                    if !e.problems.isEmpty {
                        log.write("finding\t\(input.name)\t\(variant.descriptor)\tviolation\t" + e.problems.prefix(3).joined(separator: " | ").replacingTabs())
                    }
                case .hung:
                    log.write("finding\t\(input.name)\t\(variant.descriptor)\thang\tstill running after \(fmt(limit + grace)) s; abandoned")
                    segment.rows().forEach(log.write)
                    printError("corruption-campaign: \(input.name) \(variant.descriptor) hangs; exiting for the wrapper to resume")
                    Platform.exitNow(70)
                }
                if segment.variants % 500 == 0 {
                    segment.rows().forEach(log.write)
                    segment = Segment(name: input.name, size: original.count, format: segment.format)
                }
            }
            if segment.variants > 0 { segment.rows().forEach(log.write) }
            printError("\(input.name): \(original.count) bytes, \(variants.count - first) variants, \(fmt(Probe.now() - fileStart)) s")
        }
        overwrite(current, "")
        log.write("run\tend\tdecodes=\(decodes) wall=\(fmt(Probe.now() - started))s")
        return 0
    }
}

func fmt(_ seconds: Double) -> String {
    let ms = (seconds * 1000).rounded()
    return String(Int(ms) / 1000) + "." + String(String(Int(ms) % 1000 + 1000).dropFirst())
}

extension String {
    func replacingTabs() -> String { String(map { $0 == "\t" || $0 == "\n" ? " " : $0 }) }
}
