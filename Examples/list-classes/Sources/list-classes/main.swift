import ArchiveModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// list-classes FILE: the format of FILE, then each class of the objects reachable from its top level
// with how many objects have it, most first, then the number of errors and warnings the full check
// finds. Class names come from the file: DisplayText.escape makes them safe to print on a terminal.
// Exit status: 0 clean, 1 problems, 2 unreadable or not an archive this library decodes.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let path = arguments.first else {
    print("usage: list-classes FILE")
    exit(2)
}

let document: ArchiveDocument
do {
    document = ArchiveDocument.open(try InputBytes.read(path: path), name: path)
} catch {
    print("list-classes: \(error)")
    exit(2)
}
guard document.isDecoded else {
    print("list-classes: \(DisplayText.escape(document.formatDescription)): not an archive this library decodes")
    exit(2)
}

// The walk of the getting-started article: shared objects and cycles once each.
var counts: [String: Int] = [:]
var seen = Set<ObjectID>()
var pending = document.graph.topLevel.compactMap(\.value.objectID)
while let id = pending.popLast() {
    guard seen.insert(id).inserted else { continue }
    let object = document.graph.object(id)
    if let name = object.className { counts[name, default: 0] += 1 }
    for field in object.fields {
        field.value.forEachReference { reference in
            if let next = reference.objectID { pending.append(next) }
        }
    }
}

print("\(DisplayText.escape(document.formatDescription)): objects reachable from the top: \(seen.count)")
for (name, count) in counts.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
    print("\(count)\t\(DisplayText.escape(name))")
}
let problems = DocumentCheck.fullCheck(of: document).filter { $0.severity != .note }
print("\(problems.count) errors and warnings")
exit(problems.isEmpty ? 0 : 1)
