// foundation-peer FILE: whether Foundation's NSKeyedUnarchiver (secure coding off) decodes a keyed
// archive, as a separate process, since Linux Foundation crashes on some inputs (TOOLCHAIN.md §5).
// The tests of --salvage run it on the files --salvage writes.
//
// Every $top key holding a reference is decoded (`$0`, `$1`… in order without a key, as
// decodeObject() reads what encodeObject(_:) wrote). Classes this Foundation does not have (custom classes, AppKit classes
// on Linux) are decoded as a stand-in that decodes, in turn, every key of the archive whose values are
// all references, so the whole reachable graph goes through the unarchiver.
//
// Exit status: 0 decoded without error; 1 NSKeyedUnarchiver reported an error (printed); 2 not
// read or not a keyed archive; 3 not tried: the archive has a reference cycle, on which Linux
// Foundation recurses until the stack overflows.
import Foundation

/// Keys whose every value in the archive is a UID: what the stand-in decodes.
nonisolated(unsafe) var referenceKeys: [String] = []

/// The stand-in for classes this Foundation lacks.
final class StandIn: NSObject, NSCoding {
    func encode(with coder: NSCoder) {}
    init?(coder: NSCoder) {
        super.init()
        for key in referenceKeys where coder.containsValue(forKey: key) { _ = coder.decodeObject(forKey: key) }
    }
}

func finish(_ message: String, _ status: Int32) -> Never {
    FileHandle.standardError.write(Data(("foundation-peer: " + message + "\n").utf8))
    exit(status)
}

var arguments = CommandLine.arguments
// `--allowed-classes A,B FILE`: unarchivedObject(ofClasses:from:) with those classes instead (issue 40's
// differential test): exit 0 decoded, 1 refused (Foundation's message on standard output), 2 a class
// this Foundation does not have.
var allowedNames: [String]?
if arguments.count == 4, arguments[1] == "--allowed-classes" {
    allowedNames = arguments[2].split(separator: ",").map(String.init)
    arguments.removeSubrange(1...2)
}
guard arguments.count == 2, let data = FileManager.default.contents(atPath: arguments[1]) else { finish("usage: foundation-peer [--allowed-classes A,B] FILE (readable)", 2) }
guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
      let objects = plist["$objects"] as? [Any], let top = plist["$top"] as? [String: Any] else {
    finish("not a keyed archive PropertyListSerialization reads", 2)
}

/// The UID number of a value: PropertyListSerialization gives UIDs as `_NSKeyedArchiverUID` (Linux)
/// or `__NSCFKeyedArchiverUID` (Apple), whose number is a stored `value`.
func uid(_ value: Any) -> Int? {
    guard String(describing: type(of: value)).contains("KeyedArchiverUID") else { return nil }
    for child in Mirror(reflecting: value).children where child.label == "value" {
        if let number = child.value as? UInt32 { return Int(number) }
        if let number = child.value as? Int { return number }
        if let number = child.value as? UInt64 { return Int(clamping: number) }
    }
    return nil
}

var classNames: Set<String> = []
var keyKinds: [String: Bool] = [:]
var edges: [[Int]] = Array(repeating: [], count: objects.count)
for (index, object) in objects.enumerated() {
    guard let dict = object as? [String: Any] else { continue }
    if let name = dict["$classname"] as? String { classNames.insert(name); continue }
    for (key, value) in dict where key != "$class" {
        var targets: [Int] = []
        if let u = uid(value) { targets = [u] } else if let list = value as? [Any] { targets = list.compactMap(uid) }
        keyKinds[key] = (keyKinds[key] ?? true) && uid(value) != nil
        edges[index] += targets.filter { $0 > 0 && $0 < objects.count }
    }
}
referenceKeys = keyKinds.filter(\.value).map(\.key).sorted()

// A cycle reachable from $top: an iterative depth-first search with three colours.
var colour = [UInt8](repeating: 0, count: objects.count)
for start in top.values.compactMap(uid) where start > 0 && start < objects.count && colour[start] == 0 {
    var stack: [(node: Int, next: Int)] = [(start, 0)]
    colour[start] = 1
    while let last = stack.last {
        if last.next < edges[last.node].count {
            stack[stack.count - 1].next += 1
            let target = edges[last.node][last.next]
            if colour[target] == 1 { finish("not tried: the archive has a reference cycle (object #\(target))", 3) }
            if colour[target] == 0 { colour[target] = 1; stack.append((target, 0)) }
        } else {
            colour[last.node] = 2
            stack.removeLast()
        }
    }
}

if let allowedNames {
    var classes: [AnyClass] = []
    for name in allowedNames {
        guard let found = NSClassFromString(name) else { finish("no class \(name) in this Foundation", 2) }
        classes.append(found)
    }
    do {
        let value = try NSKeyedUnarchiver.unarchivedObject(ofClasses: classes, from: data)
        print("decoded: " + (value.map { String(describing: type(of: $0)) } ?? "nil"))
        exit(0)
    } catch {
        print("refused: " + ((error as NSError).userInfo[NSDebugDescriptionErrorKey].map { "\($0)" } ?? "\(error)"))
        exit(1)
    }
}

do {
    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
    unarchiver.requiresSecureCoding = false
    unarchiver.decodingFailurePolicy = .setErrorAndReturn
    for name in classNames where NSClassFromString(name) == nil { unarchiver.setClass(StandIn.self, forClassName: name) }
    // Keys whose value is a reference; `$0`, `$1`… are what encodeObject(_:) without a key writes,
    // read back in order by decodeObject() without a key. Scalars ($top may hold encodeInt values)
    // are not objects to decode.
    let referenceTopKeys = top.filter { uid($0.value) != nil }.map(\.key)
    let sequential = referenceTopKeys.filter { $0.hasPrefix("$") && Int($0.dropFirst()) != nil }.sorted { Int($0.dropFirst()) ?? 0 < Int($1.dropFirst()) ?? 0 }
    for key in referenceTopKeys.filter({ !sequential.contains($0) }).sorted() {
        _ = unarchiver.decodeObject(forKey: key)
        if let error = unarchiver.error { finish("decoding $top key \(key): \(error)", 1) }
    }
    for key in sequential {
        _ = unarchiver.decodeObject()
        if let error = unarchiver.error { finish("decoding $top key \(key) (in order, without a key): \(error)", 1) }
    }
    unarchiver.finishDecoding()
    print("decoded \(referenceTopKeys.count) of \(top.count) $top keys, \(objects.count) $objects entries")
} catch {
    finish("NSKeyedUnarchiver: \(error)", 1)
}
