import ArchiveModel
import FuzzSupport

/// libFuzzer entry: what `--repair` does, in memory (nothing is written): `ArchiveRepair.repair` on
/// the input, then on the input after each line-ending conversion that changes it (CR → LF, CR LF → LF,
/// LF → CR LF, CR → CR LF), so the search meets bytes with an archive's structure and the damage it
/// undoes. Each result must keep the repair's promises (`ArchiveRepair.invariantViolations`: the
/// verdict rule, a clean input left as it is, no step and the bytes unchanged), and the bytes repaired
/// must be the same afterwards. The search runs with no time limit, so its budget alone bounds an
/// input's time (libFuzzer's -timeout and slow-unit reports tell): `--repair`'s 2,000 decodes, but at
/// most 1 MiB read by them in all (`--repair` allows 512 MiB), so that one input stays near a second.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRepair(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let original = Array(UnsafeBufferPointer(start: data, count: size))
    var problems: [String] = []
    var inputs: [(String, [UInt8])] = [("as given", original)]
    for conversion in LineEndingConversion.allCases {
        let converted = conversion.apply(original)
        if converted != original { inputs.append((conversion.rawValue, converted)) }
    }
    let limits = ArchiveRepair.Limits(bytes: 1 << 20)
    for (name, bytes) in inputs {
        let input = InputBytes(bytes)
        let result = ArchiveRepair.repair(input, limits: limits)
        problems += ArchiveRepair.invariantViolations(input: input, result: result).map { "\(name): \($0)" }
        if Array(input.buffer.bindMemory(to: UInt8.self)) != bytes { problems.append("\(name): the repair changed the bytes it was given") }
    }
    if Array(UnsafeBufferPointer(start: data, count: size)) != original { problems.append("the fuzz input changed") }
    FuzzCheck.require(problems, "repair")
    return 0
}
