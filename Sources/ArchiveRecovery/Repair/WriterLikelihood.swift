import ArchiveCore

/// How well a reading fits the way archivers write, beyond what the format's check can call an error:
/// the measures the repair search breaks ties with when two readings keep the same objects with the
/// same problems (two references, one of which was 13, swapped between two fields).
///
/// - **List order**: an archiver numbers an object when it first meets it, and meets a list's
///   elements in list order. So within one list, elements nothing else refers to have increasing
///   numbers: `NS.keys` = `#4 … #9, #13, #11, #12, #10` has two descents where the writer's has none.
/// - **Slot kinds**: the same key of the same class holds the same kind of object across an archive
///   (every `NSCustomObject`'s `NSClassName` is a string; every `NSWindowTemplate`'s `NSWindowTitle`
///   an `NSString`, never an `NSMutableArray`). A reference that gives one instance's slot a kind the
///   slot's other instances do not have counts against the reading; and, more weakly, one that gives
///   a key a kind it has nowhere else under any class (`NSSubviews` holds an array in every view).
///
/// Both are counted over instances only (a plain property list's containers have no writer's order
/// or classes to fit), and both are tie-breaks, never verdicts: an archive may break either.
struct WriterLikelihood {
    /// Per object, its class's index in `kindIndex` (or its value's type's).
    private var kinds: [Int32] = []
    private var kindIndex: [String: Int32] = [:]
    /// References held by instances: (the holder's kind, the key's index, target). A slot is a
    /// holder's class and a key; the key alone, whatever the holder's class (`NSSubviews` holds an
    /// array in every view class), is a weaker measure.
    private var references: [(holder: Int32, key: Int32, target: Int32)] = []
    private var keyIndex: [String: Int32] = [:]
    /// Each list's referenced targets, lists separated by -1.
    private var listTargets: [Int32] = []

    init(objectCount: Int) {
        kinds.reserveCapacity(objectCount)
    }

    /// Records `object` (added in id order, each once).
    mutating func add(_ object: GraphObject) {
        let objectKind = kind(of: object)
        kinds.append(objectKind)
        guard object.kind == .instance, object.className != nil else { return }
        for field in object.fields {
            switch field.value {
            case .reference(.object(let target)):
                guard target >= 0, target <= Int(Int32.max) else { continue }
                references.append((objectKind, Self.intern(field.key, in: &keyIndex), Int32(target)))
            case .list(let items):
                for item in items {
                    if case .reference(.object(let target)) = item, target >= 0, target <= Int(Int32.max) { listTargets.append(Int32(target)) }
                }
                listTargets.append(-1)
            default:
                continue
            }
        }
    }

    /// Adjacent elements of one list, both referred to only there, whose numbers descend.
    func listDescents(referrerCounts: [Int32]) -> Int {
        var descents = 0
        var previous: Int32 = -1
        for target in listTargets {
            guard target >= 0, Int(target) < referrerCounts.count, referrerCounts[Int(target)] == 1 else {
                previous = -1
                continue
            }
            if previous >= 0, target < previous { descents += 1 }
            previous = target
        }
        return descents
    }

    /// References whose target's kind differs from the kind most of the slot's references have
    /// (slots with one reference have no others to differ from).
    func slotMismatches() -> Int { mismatches { Int64($0.holder) << 32 | Int64($0.key) } }

    /// `slotMismatches` under the key alone.
    func keyMismatches() -> Int { mismatches { Int64($0.key) } }

    private func mismatches(slot: ((holder: Int32, key: Int32, target: Int32)) -> Int64) -> Int {
        var counts: [Int64: [Int32: Int]] = [:]
        for reference in references {
            let target = reference.target
            let kind = Int(target) < kinds.count ? kinds[Int(target)] : -1
            counts[slot(reference), default: [:]][kind, default: 0] += 1
        }
        return counts.values.reduce(0) { total, byKind in
            let all = byKind.values.reduce(0, +)
            return total + all - (byKind.values.max() ?? all)
        }
    }

    private mutating func kind(of object: GraphObject) -> Int32 {
        if let name = object.className { return Self.intern(name, in: &kindIndex) }
        if let value = object.value { return Self.intern("(" + value.typeName + ")", in: &kindIndex) }
        return Self.intern("(" + object.kind.rawValue + ")", in: &kindIndex)
    }

    private static func intern(_ name: String, in table: inout [String: Int32]) -> Int32 {
        if let known = table[name] { return known }
        let next = Int32(truncatingIfNeeded: table.count)
        table[name] = next
        return next
    }
}
