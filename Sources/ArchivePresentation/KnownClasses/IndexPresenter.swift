import ArchiveCore

/// NSIndexSet, NSMutableIndexSet, NSIndexPath.
///
/// Keyed NSIndexSet [RE from a decompiled Foundation; a third-party test fixture]: `NSRangeCount`; for one
/// range `NSLocation` and `NSLength`; for more, `NSRangeData` = data object of base-128 (location, length)
/// pairs. typedstream NSIndexSet [RE, UNCERTAIN]: an `I` count, then `I` location and `I` length per range.
/// NSIndexPath (keyed only): `NSIndexPathLength`; `NSIndexPathValue` for length 1, otherwise
/// `NSIndexPathData` = base-128 indexes (Apple) or 32/64-bit big-endian indexes (GNUstep) [RE].
enum IndexPresenter {
    struct IndexRange { var location: UInt64; var length: UInt64 }

    /// Ranges (or indexes) listed in a summary before `…`.
    static let shownLimit = 8

    static func present(_ k: KnownObject) -> KnownPresentation? {
        if k.name == "NSIndexPath" { return k.isTyped ? nil : indexPath(k) }
        let (declared, ranges, notes) = k.isTyped ? typedRanges(k) : keyedRanges(k)
        var total: UInt64 = 0, overflow = false
        for r in ranges {
            let (sum, o) = total.addingReportingOverflow(r.length)
            total = sum
            overflow = overflow || o
        }
        var allNotes = notes
        if let declared, declared != Int128(ranges.count) { allNotes.append("NSRangeCount says \(declared)") }
        let indexes = overflow ? "more than 2^64 indexes" : KnownText.count(Int(clamping: total), "index", "indexes")
        let listed = ranges.prefix(shownLimit).map(text).joined(separator: ", ") + (ranges.count > shownLimit ? ", …" : "")
        let head = ranges.isEmpty ? k.name + ", empty"
            : "\(k.name), \(indexes) in \(KnownText.count(ranges.count, "range")): \(listed)"
        return k.result(head + ArrayPresenter.note(allNotes), ranges.enumerated().map { i, r in
            Field(key: "range \(i): [\(r.location), \(end(r)))", value: .scalar(.integer(Int128(r.length), width: 8)))
        })
    }

    private static func end(_ r: IndexRange) -> String {
        let (e, o) = r.location.addingReportingOverflow(r.length)
        return o ? "overflow" : "\(e)"
    }

    /// `5`, `3-4`, or `7 (empty range)`.
    private static func text(_ r: IndexRange) -> String {
        switch r.length {
        case 0: return "\(r.location) (empty range)"
        case 1: return "\(r.location)"
        default:
            let (last, o) = r.location.addingReportingOverflow(r.length - 1)
            return o ? "\(r.location)-overflow" : "\(r.location)-\(last)"
        }
    }

    private static func keyedRanges(_ k: KnownObject) -> (Int128?, [IndexRange], [String?]) {
        guard let count = k.integer(k.value("NSRangeCount")) else {
            return (nil, [], [k.value("NSRangeCount") == nil ? "NSRangeCount missing" : "NSRangeCount is not an integer"])
        }
        if count == 0 { return (count, [], []) }
        if count == 1 {
            let location = k.integer(k.value("NSLocation")), length = k.integer(k.value("NSLength"))
            guard let location, let length, let l = UInt64(exactly: location), let n = UInt64(exactly: length) else {
                return (count, [], ["NSLocation/NSLength missing or out of range"])
            }
            return (count, [IndexRange(location: l, length: n)], [])
        }
        guard let data = k.bytes(k.value("NSRangeData")) else { return (count, [], ["NSRangeData missing"]) }
        let (numbers, complete) = LEB128.decode(data)
        let ranges = stride(from: 0, to: numbers.count - 1, by: 2).map { IndexRange(location: numbers[$0], length: numbers[$0 + 1]) }
        return (count, ranges, [complete && numbers.count % 2 == 0 ? nil : "NSRangeData ends inside a range"])
    }

    private static func typedRanges(_ k: KnownObject) -> (Int128?, [IndexRange], [String?]) {
        let numbers = k.typedValues.filter(\.isInteger).compactMap(\.integer)
        guard let count = numbers.first else { return (nil, [], ["no range count"]) }
        let rest = numbers.dropFirst().map { UInt64(truncatingIfNeeded: $0) }
        let ranges = stride(from: 0, to: rest.count - 1, by: 2).map { IndexRange(location: rest[$0], length: rest[$0 + 1]) }
        return (count, ranges, [])
    }

    private static func indexPath(_ k: KnownObject) -> KnownPresentation {
        guard let length = k.integer(k.value("NSIndexPathLength")) else {
            return KnownPresentation(summary: "NSIndexPath, NSIndexPathLength missing")
        }
        var indexes: [UInt64] = []
        var note: String?
        if length == 1 {
            if let v = k.integer(k.value("NSIndexPathValue")), let u = UInt64(exactly: v) { indexes = [u] } else { note = "NSIndexPathValue missing" }
        } else if length > 1 {
            if let data = k.bytes(k.value("NSIndexPathData")) { (indexes, note) = decodePath(data, length: length) } else { note = "NSIndexPathData missing" }
        }
        if note == nil, Int128(indexes.count) != length { note = "NSIndexPathLength says \(length)" }
        let listed = indexes.prefix(32).map(String.init).joined(separator: ", ") + (indexes.count > 32 ? ", …" : "")
        let children = indexes.enumerated().map { Field(key: "[\($0)]", value: .scalar(.integer(Int128($1), width: 8))) }
        return k.result("NSIndexPath, [\(listed)]" + ArrayPresenter.note([note]), children)
    }

    /// Apple's base-128 indexes, or GNUstep's fixed-width big-endian ones when only that fits the length.
    private static func decodePath(_ data: [UInt8], length: Int128) -> ([UInt64], String?) {
        let (numbers, complete) = LEB128.decode(data)
        if complete, Int128(numbers.count) == length { return (numbers, nil) }
        for width in [4, 8] where data.count % width == 0 && Int128(data.count / width) == length {
            let values = stride(from: 0, to: data.count, by: width).map { start in
                data[start..<start + width].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            }
            return (values, "GNUstep \(width * 8)-bit big-endian form")
        }
        return (numbers, complete ? nil : "NSIndexPathData ends inside an index")
    }
}
