import ArchiveModel

/// corruption-campaign: every truncation and many random byte changes of every input, each decoded
/// fully in process with a watchdog. See scripts/corruption-campaign.sh and ROBUSTNESS.md.
let usage = """
    usage: corruption-campaign [options] PATH...        run the campaign over files/directories (+ fixtures)
           corruption-campaign --report DIR             print the Markdown report of DIR/results.tsv
           corruption-campaign --write-seeds DIR        write the built fixtures as files
           corruption-campaign --reproduce NAME VARIANT OUT [options] PATH...
                                                        write one variant's bytes (e.g. "cut 120", "mutation 7")
    options: --out DIR (fuzz-work/campaign)  --mutations N (200)  --cuts N (2000)  --seed N (1)
             --timeout S (10)  --grace S (50)  --json  --no-fixtures  --resume-after NAME<TAB>VARIANT
             --only NAME (just this input)
             --crash-on / --hang-on NAME<TAB>VARIANT (testing aids for the wrapper and the watchdog)
    """

var plan = VariantPlan()
var outDir = "fuzz-work/campaign"
var limit = 10.0
var grace = 50.0
var json = false
var fixtures = true
var resume: (String, String)?
var only: String?
var crashOn: String?
var hangOn: String?
var paths: [String] = []
var mode = "run"
var modeArgs: [String] = []

var args = Array(CommandLine.arguments.dropFirst())
@MainActor func take() -> String {
    guard !args.isEmpty else { printError(usage); Platform.exit(2) }
    return args.removeFirst()
}
while !args.isEmpty {
    let a = args.removeFirst()
    switch a {
    case "--out": outDir = take()
    case "--mutations": plan.mutations = Int(take()) ?? plan.mutations
    case "--cuts": plan.maxCuts = Int(take()) ?? plan.maxCuts
    case "--seed": plan.seed = UInt64(take()) ?? plan.seed
    case "--timeout": limit = Double(take()) ?? limit
    case "--grace": grace = Double(take()) ?? grace
    case "--json": json = true
    case "--no-fixtures": fixtures = false
    case "--only": only = take()
    case "--crash-on": crashOn = take()
    case "--hang-on": hangOn = take()
    case "--resume-after":
        let parts = take().split(separator: "\t", maxSplits: 1).map(String.init)
        if parts.count == 2 { resume = (parts[0], parts[1]) }
    case "--report": mode = "report"; modeArgs = [take()]
    case "--write-seeds": mode = "seeds"; modeArgs = [take()]
    case "--reproduce": mode = "reproduce"; modeArgs = [take(), take(), take()]
    case "-h", "--help": print(usage); Platform.exit(0)
    default: paths.append(a)
    }
}

switch mode {
case "report":
    guard let input = try? InputBytes.read(path: modeArgs[0] + "/results.tsv") else {
        printError("corruption-campaign: no \(modeArgs[0])/results.tsv"); Platform.exit(2)
    }
    print(Report.markdown(String(decoding: input.buffer, as: UTF8.self)), terminator: "")
case "seeds":
    for f in Fixtures.all() {
        let path = modeArgs[0] + "/" + (f.name.split(separator: "/").last.map(String.init) ?? f.name)
        if !writeFile(path, f.bytes) { printError("corruption-campaign: cannot write \(path)"); Platform.exit(2) }
    }
case "reproduce":
    let inputs = Inputs.collect(paths: paths, fixtures: true)
    guard let input = inputs.first(where: { $0.name == modeArgs[0] }), let original = input.bytes(),
          let variant = Variant(descriptor: modeArgs[1]) else {
        printError("corruption-campaign: no input \(modeArgs[0]) or bad variant \(modeArgs[1])"); Platform.exit(2)
    }
    if !writeFile(modeArgs[2], plan.bytes(of: variant, original: original, name: input.name)) { Platform.exit(2) }
default:
    var inputs = Inputs.collect(paths: paths, fixtures: fixtures)
    if let only { inputs = inputs.filter { $0.name == only } }
    guard !inputs.isEmpty else { printError(usage); Platform.exit(2) }
    Platform.makeDirectory(outDir)
    let campaign = Campaign(plan: plan, limit: limit, grace: grace, outDir: outDir, json: json,
                            resumeAfter: resume.map { (name: $0.0, descriptor: $0.1) }, crashOn: crashOn, hangOn: hangOn)
    Platform.exit(campaign.run(inputs))
}
