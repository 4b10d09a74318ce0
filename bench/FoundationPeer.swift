// Foundation peer for bench/run.sh: how long Linux Foundation takes to read an archive.
// Not part of the package; run.sh compiles it with `swiftc -O`.
//
//   FoundationPeer parse FILE      PropertyListSerialization.propertyList only
//   FoundationPeer unarchive FILE  NSKeyedUnarchiver full decode of "root" (parses the plist itself)
//   FoundationPeer both FILE       parse, then a separate full unarchive
//
// Prints one line per phase: `phase=<name> seconds=<s> <what was decoded>`; exit 0 on success,
// 1 on a decoding error, 2 on bad usage or an unreadable file. Linux Foundation crashes (SIGSEGV)
// on cyclic archives, so run.sh only runs it on acyclic shapes.
import Foundation

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func fail(_ message: String, _ code: Int32) -> Never {
    FileHandle.standardError.write(("FoundationPeer: " + message + "\n").data(using: .utf8)!)
    exit(code)
}

let args = CommandLine.arguments
guard args.count == 3, ["parse", "unarchive", "both"].contains(args[1]) else {
    fail("usage: FoundationPeer parse|unarchive|both FILE", 2)
}
let mode = args[1]
let path = args[2]

let t0 = now()
guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)", 2) }
print(String(format: "phase=read seconds=%.3f bytes=%d", now() - t0, data.count))

func describe(_ value: Any) -> String {
    if let d = value as? [String: Any] {
        if let objects = d["$objects"] as? [Any] { return "top-level dict, \(objects.count) $objects" }
        return "top-level dict, \(d.count) keys"
    }
    if let a = value as? [Any] { return "array of \(a.count)" }
    if let a = value as? NSArray { return "NSArray of \(a.count)" }
    if let d = value as? NSDictionary { return "NSDictionary of \(d.count)" }
    return String(describing: type(of: value))
}

if mode == "parse" || mode == "both" {
    let t = now()
    do {
        var format = PropertyListSerialization.PropertyListFormat.binary
        let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        print(String(format: "phase=parse seconds=%.3f ", now() - t) + "format=\(format == .binary ? "binary" : format == .xml ? "xml" : "openstep") " + describe(plist))
    } catch {
        fail("PropertyListSerialization failed: \(error)", 1)
    }
}

if mode == "unarchive" || mode == "both" {
    let t = now()
    do {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        let root = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey)
        unarchiver.finishDecoding()
        if let error = unarchiver.error { fail("NSKeyedUnarchiver error: \(error)", 1) }
        guard let root else { fail("NSKeyedUnarchiver decoded no root object", 1) }
        print(String(format: "phase=unarchive seconds=%.3f ", now() - t) + "root=" + describe(root))
    } catch {
        fail("NSKeyedUnarchiver failed: \(error)", 1)
    }
}
