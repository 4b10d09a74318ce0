/// Builds NSKeyedArchiver archives (as bplist00 bytes) from objects described in code: class
/// dictionaries, object dictionaries with inline scalars and UID references, bare values, `$null`
/// slots. Cycles are made by reserving an id first and filling it later.
package struct KeyedArchiveBuilder {
    /// A value stored under a key of an object (or of `$top`).
    package enum Value: Sendable {
        case ref(Int)
        case int(Int64)
        case real(Double)
        case bool(Bool)
        case string(String)
        case data([UInt8])
        /// An inline array of UIDs (`NS.objects`, `NS.keys`).
        case refs([Int])
        /// A raw UID number, which may be out of range (for damaged fixtures).
        case rawUID(UInt64)
    }

    /// One `$objects` entry.
    package enum Entry: Sendable {
        case null
        case string(String), int(Int64), real(Double), bool(Bool), data([UInt8])
        case object(classID: Int?, fields: [(String, Value)])
        case classDictionary(name: String?, chain: [String])
        /// A dictionary written as is (for malformed fixtures).
        case rawDictionary([(String, Value)])
    }

    package var archiver = "NSKeyedArchiver"
    package var version: Int64 = 100_000
    package private(set) var entries: [Entry] = [.null]
    package var top: [(String, Value)] = []
    /// Root keys left out (`$archiver`, `$version`, `$top`, `$objects`), for damaged fixtures.
    package var omittedRootKeys: Set<String> = []
    /// Root entries written after the four (a misspelt `$toppo`, a `$version` of the wrong type).
    package var extraRootEntries: [(String, Value)] = []
    private var classIDs: [String: Int] = [:]

    package init() {}

    /// Appends an entry and returns its UID.
    @discardableResult
    package mutating func add(_ entry: Entry) -> Int {
        entries.append(entry)
        return entries.count - 1
    }

    /// Reserves a UID to fill later with `set(_:_:)` (for cycles).
    package mutating func reserve() -> Int { add(.null) }

    package mutating func set(_ id: Int, _ entry: Entry) { entries[id] = entry }

    /// The class dictionary for `name` with chain `[name] + superclasses`, shared per name.
    package mutating func classID(_ name: String, _ superclasses: [String] = ["NSObject"]) -> Int {
        if let id = classIDs[name] { return id }
        let id = add(.classDictionary(name: name, chain: [name] + superclasses))
        classIDs[name] = id
        return id
    }

    /// Adds an object of class `name` and returns its UID.
    package mutating func object(_ name: String, superclasses: [String] = ["NSObject"], _ fields: [(String, Value)]) -> Int {
        let c = classID(name, superclasses)
        return add(.object(classID: c, fields: fields))
    }

    /// The archive as a bplist00 file.
    package func buildBinary() -> [UInt8] {
        var b = BinaryPlistBuilder()
        let root = b.add(.null)
        var objectIDs: [Int] = []
        for entry in entries { objectIDs.append(write(entry, into: &b)) }
        let pairs: [(String, BinaryPlistBuilder.Object)] = [("$archiver", .string(archiver)), ("$version", .integer(version))]
        var rootPairs: [(key: Int, value: Int)] = pairs.filter { !omittedRootKeys.contains($0.0) }.map { (b.add(.string($0.0)), b.add($0.1)) }
        let topPairs = top.map { (b.add(.string($0.0)), value($0.1, into: &b)) }
        if !omittedRootKeys.contains("$top") { rootPairs.append((b.add(.string("$top")), b.add(.dict(topPairs)))) }
        if !omittedRootKeys.contains("$objects") { rootPairs.append((b.add(.string("$objects")), b.add(.array(objectIDs)))) }
        for (key, v) in extraRootEntries { rootPairs.append((b.add(.string(key)), value(v, into: &b))) }
        b.objects[root] = .dict(rootPairs)
        return b.build().bytes
    }

    private func write(_ entry: Entry, into b: inout BinaryPlistBuilder) -> Int {
        switch entry {
        case .null: return b.add(.string("$null"))
        case .string(let s): return b.add(.string(s))
        case .int(let i): return b.add(.integer(i))
        case .real(let d): return b.add(.real(d))
        case .bool(let v): return b.add(.bool(v))
        case .data(let d): return b.add(.data(d))
        case .object(let classID, let fields):
            var all = fields
            if let classID { all.insert(("$class", .ref(classID)), at: 0) }
            return dictionary(all, into: &b)
        case .classDictionary(let name, let chain):
            var pairs: [(key: Int, value: Int)] = []
            if let name { pairs.append((b.add(.string("$classname")), b.add(.string(name)))) }
            let names = chain.map { b.add(.string($0)) }
            pairs.append((b.add(.string("$classes")), b.add(.array(names))))
            return b.add(.dict(pairs))
        case .rawDictionary(let fields): return dictionary(fields, into: &b)
        }
    }

    private func dictionary(_ fields: [(String, Value)], into b: inout BinaryPlistBuilder) -> Int {
        let pairs = fields.map { (key: b.add(.string($0.0)), value: value($0.1, into: &b)) }
        return b.add(.dict(pairs))
    }

    private func value(_ v: Value, into b: inout BinaryPlistBuilder) -> Int {
        switch v {
        case .ref(let id): return b.add(.uid(UInt64(id)))
        case .rawUID(let u): return b.add(.uid(u))
        case .int(let i): return b.add(.integer(i))
        case .real(let d): return b.add(.real(d))
        case .bool(let x): return b.add(.bool(x))
        case .string(let s): return b.add(.string(s))
        case .data(let d): return b.add(.data(d))
        case .refs(let ids): return b.add(.array(ids.map { b.add(.uid(UInt64($0))) }))
        }
    }
}
