import ArchiveCore

/// CoreFoundation's binary plist writer numbers objects by an exact rule, which decides most 0x0A
/// bytes in references where the looser `flattenOrder` has to guess.
///
/// CF walks the plist depth first from the top object (a dictionary's keys, then its values) and
/// gives each object the next number when it meets it. Strings, numbers, dates and data met again
/// reuse their first number. A UID, a boolean or a null met again first takes a new number, and is
/// then uniqued to the copy already written. That leaves an unreferenced byte-for-byte copy at the
/// number it took (measured over the corpus: every CF-written archive follows this with no exception,
/// 2,739 such copies in flycut's MainMenu nib alone). So at each reference, only three readings are
/// possible:
/// - the next number, for an object met for the first time;
/// - a UID, boolean or null met before, when the object at the next number is its copy (which the
///   reference then uses up);
/// - a string, number, date or data met before, leaving the next number as it was;
/// and a dictionary's key is never one of its earlier keys.
/// A wrong choice shows soon, as a reference that fits none of them, or a walk that does not end
/// exactly at the object count. The walk then backtracks to its latest open choice. Bounded:
/// `structureBudget` readings in all, at most `maxChoices` open choices kept; past either, the rule
/// does not apply and the looser order is used.
extension CRToLFRepair {
    /// Open choices kept for backtracking; older ones are taken as decided.
    static let maxChoices = 64

    /// The repair with every reference the CF rule decides applied, and the references where another
    /// reading fitted too and was not refuted (for the plausibility step); nil when the file does not
    /// follow the rule.
    /// Also the copies the walk found (each unreferenced copy's object number, with the number of the
    /// object it copies).
    func cfWriterOrder(_ f: Trailer, offsets: [Int]) -> (repair: CRToLFRepair, sites: [Site], copies: [Int: Int])? {
        guard f.top == 0, offsets.count == f.count else { return nil }
        var walk = CFWriterWalk(repair: self, offsets: offsets, refSize: f.refSize)
        guard walk.run() else { return nil }
        return (walk.repair, walk.openSites(), Dictionary(walk.copies, uniquingKeysWith: { first, _ in first }))
    }

    /// The 0x0A bytes of each copy, with the byte of its original at the same place: a copy is the
    /// original's bytes written twice, so each reads as its original's does (`alignCopies`), whatever
    /// later decides the original.
    static func copyLinks(_ copies: [Int: Int], offsets: [Int], in bytes: [UInt8]) -> [(copy: Int, original: Int)] {
        var links: [(copy: Int, original: Int)] = []
        for (copy, original) in copies.sorted(by: { $0.key < $1.key }) {
            let (oc, oo) = (offsets[copy], offsets[original])
            guard let length = scalarLength(at: oc, in: bytes), scalarLength(at: oo, in: bytes) == length, bytes[oc] == bytes[oo] else { continue }
            for k in 1..<length where bytes[oc + k] == 0x0A { links.append((oc + k, oo + k)) }
        }
        return links
    }

    /// The length of the object at `offset` when it is a UID, boolean or null within `bytes` (the
    /// objects CF leaves copies of).
    static func scalarLength(at offset: Int, in bytes: [UInt8]) -> Int? {
        guard offset >= 0, offset < bytes.count else { return nil }
        let marker = bytes[offset]
        let length: Int
        switch marker >> 4 {
        case 0x0: length = 1
        case 0x8: length = 2 + Int(marker & 0x0F)
        default: return nil
        }
        return offset + length <= bytes.count ? length : nil
    }

    /// Reads each linked copy byte as its original byte reads now.
    mutating func alignCopies() {
        for link in copyLinks where bytes[link.copy] == 0x0A && bytes[link.original] == 0x0D { apply([link.copy]) }
    }
}

/// The state of the CF numbering walk (`cfWriterOrder`), with what it needs to undo a choice.
struct CFWriterWalk {
    private(set) var repair: CRToLFRepair
    private let offsets: [Int]
    private let refSize: Int
    private var visited: [Bool]
    private var next = 1
    private var stack: [Frame] = []
    /// Every 0x0A offset read as 0x0D and every object marked visited, in order (undone by backtracking).
    private var appliedLog: [Int] = []
    private var visitedLog: [Int] = []
    /// The copies used up, each with the object it copies (in order: undone by backtracking).
    private(set) var copies: [(Int, Int)] = []
    /// The bytes of the UIDs, booleans and nulls visited whose bytes hold no 0x0A (so they are read
    /// for sure), with how many times each was visited: an object equal to one of them is a copy, never
    /// met for the first time.
    private var settledScalars: [[UInt8]: Int] = [:]
    private var choices: [Choice] = []
    /// References where another reading fitted and was never refuted.
    private var ambiguous: [(range: Range<Int>, readings: [[Int]])] = []

    private struct Frame {
        var refs: [(range: Range<Int>, isKey: Bool)]
        var index: Int
        /// The keys of this dictionary read so far: a dictionary holds each key once.
        var keys: Set<Int> = []
    }

    /// A reference with several readings that fit, and the walk's state before it.
    private struct Choice {
        var range: Range<Int>
        var isKey: Bool
        var remaining: [Candidate]
        var tried: [[Int]]
        var next: Int
        var stack: [Frame]
        var applied: Int
        var visitedCount: Int
        var ambiguousCount: Int
        var copyCount: Int
    }

    private enum Move { case fresh, copy, seen }

    private struct Candidate {
        var reading: (value: UInt64, crs: [Int])
        var move: Move
    }

    init(repair: CRToLFRepair, offsets: [Int], refSize: Int) {
        self.repair = repair
        self.offsets = offsets
        self.refSize = refSize
        visited = [Bool](repeating: false, count: offsets.count)
    }

    /// Walks the whole plist; false when no reading follows the rule within the budget.
    mutating func run() -> Bool {
        guard !visited.isEmpty else { return false }
        visited[0] = true
        if let refs = repair.referenceRanges(offsets[0], refSize: refSize) { stack.append(Frame(refs: refs, index: 0)) }
        while true {
            guard repair.tried < CRToLFRepair.structureBudget else { return false }
            if let top = stack.last {
                guard top.index < top.refs.count else {
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].index += 1
                let (range, isKey) = top.refs[top.index]
                let candidates = self.candidates(range, isKey: isKey).filter { !isKey || !top.keys.contains(Int($0.reading.value)) }
                if candidates.isEmpty {
                    guard backtrack() else { return false }
                    continue
                }
                if candidates.count > 1 {
                    choices.append(Choice(range: range, isKey: isKey, remaining: Array(candidates.dropFirst()), tried: [candidates[0].reading.crs], next: next,
                                          stack: stack, applied: appliedLog.count, visitedCount: visitedLog.count,
                                          ambiguousCount: ambiguous.count, copyCount: copies.count))
                    if choices.count > CRToLFRepair.maxChoices {
                        // The oldest choice is taken as decided: its other readings stay open for the judge.
                        let oldest = choices.removeFirst()
                        ambiguous.append((oldest.range, oldest.tried + oldest.remaining.map(\.reading.crs)))
                    }
                }
                take(candidates[0], isKey: isKey)
            } else if next == offsets.count {
                // Every number used: the choices still open are the ambiguous references.
                for choice in choices { ambiguous.append((choice.range, choice.tried + choice.remaining.map(\.reading.crs))) }
                return true
            } else {
                guard backtrack() else { return false }
            }
        }
    }

    /// The fields the walk left with several readings, for the plausibility step.
    func openSites() -> [CRToLFRepair.Site] {
        ambiguous.map { CRToLFRepair.Site(range: $0.range, readings: $0.readings) }
    }

    /// The readings of the reference at `range` the rule allows, in the order tried: the next number,
    /// then a copy used up, then an object met before.
    private mutating func candidates(_ range: Range<Int>, isKey: Bool) -> [Candidate] {
        let all = repair.readings(range)
        repair.tried += all.count
        var found: [Candidate] = []
        for reading in all where reading.value < UInt64(offsets.count) {
            let id = Int(reading.value)
            guard !isKey || repair.isString(id, offsets: offsets) else { continue }
            if !visited[id] {
                if id == next, settledScalar(id).map({ settledScalars[$0, default: 0] == 0 }) ?? true {
                    found.append(Candidate(reading: reading, move: .fresh))
                }
            } else if let kind = kind(id), kind == 0x0 || kind == 0x8 {
                if next < offsets.count, !visited[next], isCopy(next, of: id) { found.append(Candidate(reading: reading, move: .copy)) }
            } else if let kind = kind(id), ![0xA, 0xC, 0xD].contains(kind) {
                found.append(Candidate(reading: reading, move: .seen))
            }
        }
        let rank: (Move) -> Int = { move in
            switch move {
            case .fresh: 0
            case .copy: 1
            case .seen: 2
            }
        }
        return found.sorted { rank($0.move) < rank($1.move) }
    }

    /// Applies `candidate`'s reading; `isKey`: the reference is a key of the dictionary on top of the stack.
    private mutating func take(_ candidate: Candidate, isKey: Bool) {
        for i in candidate.reading.crs where repair.bytes[i] == 0x0A {
            repair.apply([i])
            appliedLog.append(i)
        }
        if isKey, !stack.isEmpty { stack[stack.count - 1].keys.insert(Int(candidate.reading.value)) }
        switch candidate.move {
        case .fresh:
            let id = next
            markVisited(id)
            next += 1
            if let refs = repair.referenceRanges(offsets[id], refSize: refSize) { stack.append(Frame(refs: refs, index: 0)) }
        case .copy:
            copies.append((next, Int(candidate.reading.value)))
            markVisited(next)
            next += 1
        case .seen:
            break
        }
    }

    private mutating func markVisited(_ id: Int) {
        visited[id] = true
        visitedLog.append(id)
        if let key = settledScalar(id) { settledScalars[key, default: 0] += 1 }
    }

    private mutating func unmarkVisited(_ id: Int) {
        visited[id] = false
        if let key = settledScalar(id) { settledScalars[key, default: 1] -= 1 }
    }

    /// The bytes of object `id` when it is a UID, boolean or null holding no 0x0A byte.
    private func settledScalar(_ id: Int) -> [UInt8]? {
        guard let length = scalarLength(id) else { return nil }
        let bytes = repair.bytes[offsets[id]..<offsets[id] + length]
        return bytes.contains(0x0A) ? nil : Array(bytes)
    }

    /// The length of object `id` when it is a UID, boolean or null within the bytes.
    private func scalarLength(_ id: Int) -> Int? {
        CRToLFRepair.scalarLength(at: offsets[id], in: repair.bytes)
    }

    /// Goes back to the latest choice with a reading left and takes it; false when none is left.
    private mutating func backtrack() -> Bool {
        while var choice = choices.popLast() {
            repair.tried += 1
            for i in appliedLog[choice.applied...] { repair.restoreLF(i) }
            appliedLog.removeSubrange(choice.applied...)
            for id in visitedLog[choice.visitedCount...] { unmarkVisited(id) }
            visitedLog.removeSubrange(choice.visitedCount...)
            ambiguous.removeSubrange(choice.ambiguousCount...)
            copies.removeSubrange(choice.copyCount...)
            next = choice.next
            stack = choice.stack
            guard !choice.remaining.isEmpty else { continue }
            let candidate = choice.remaining.removeFirst()
            // The reading tried before led nowhere: it is no longer an alternative.
            choice.tried = [candidate.reading.crs]
            if !choice.remaining.isEmpty { choices.append(choice) }
            take(candidate, isKey: choice.isKey)
            return true
        }
        return false
    }

    private func kind(_ id: Int) -> UInt8? {
        let o = offsets[id]
        return o < repair.bytes.count ? repair.bytes[o] >> 4 : nil
    }

    /// Whether object `a` is a byte-for-byte copy of object `b` (a UID, boolean or null), reading a
    /// 0x0A in either as 0x0A or 0x0D (their own bytes may hold a converted CR).
    private func isCopy(_ a: Int, of b: Int) -> Bool {
        let bytes = repair.bytes
        let (oa, ob) = (offsets[a], offsets[b])
        guard let length = scalarLength(a), scalarLength(b) == length, bytes[oa] == bytes[ob] else { return false }
        for k in 1..<length {
            let (x, y) = (bytes[oa + k], bytes[ob + k])
            if x != y && !(Self.isLineEnd(x) && Self.isLineEnd(y)) { return false }
        }
        return true
    }

    private static func isLineEnd(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
}
