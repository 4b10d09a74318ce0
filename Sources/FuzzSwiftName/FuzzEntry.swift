import ArchiveModel
import FuzzSupport

/// libFuzzer entry: the input (UTF-8, invalid bytes replaced) as a class name, read by the bounded
/// Swift demangler (`SwiftClassName`), checked for its promises, then audited as the class of an
/// archive's root (`SecurityAudit`, text and JSON): see `FuzzCheck.swiftName` and `FuzzCheck.audit`.
/// Lines after the first are the class's superclass chain, so chains with Swift names and hostile
/// names in any position are reached too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwiftName(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.split(separator: "\n", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
    var problems: [String] = []
    for line in lines { problems += FuzzCheck.swiftName(line) }
    problems += FuzzCheck.audit(className: lines.first ?? "", superclasses: Array(lines.dropFirst()))
    FuzzCheck.require(problems, "Swift class name")
    return 0
}
