import ArchiveCore

/// `security.allocation`: a stated count or size that makes a decoder allocate far more than the
/// archive's bytes: `_NSKeyedCoderOldStyleArray` (NS.count × NS.size), NSSharedKeySet (NS.numKey,
/// NS.M: 8 bytes each), NSIndexSet (NSRangeCount: 16 bytes a range).
enum AllocationRisk {
    /// Bytes a unit of each count costs, by key.
    static let unitBytes: [String: Int] = ["NS.numKey": 8, "NS.M": 8, "NSRangeCount": 16, "NS.count": 8]
    /// Reported above `max(inputFactor × input size, floor)` bytes.
    static let inputFactor = 16, floor = 16 << 20

    static func diagnostics(_ object: GraphObject, chain: [String], inputSize: Int) -> [Diagnostic] {
        guard object.kind == .instance else { return [] }
        var integers: [String: Int128] = [:]
        for field in object.fields.prefix(256) {
            if case .scalar(.integer(let n, _)) = field.value, unitBytes[field.key] != nil || field.key == "NS.size" { integers[field.key] = n }
        }
        guard !integers.isEmpty else { return [] }
        let limit = Int128(max(inputFactor.multipliedReportingOverflow(by: inputSize).partialValue, floor))
        for key in unitBytes.keys.sorted() {
            guard let count = integers[key] else { continue }
            // An old-style array's element size is its NS.size; any other count costs its unit.
            let unit = key == "NS.count" ? integers["NS.size"] ?? Int128(unitBytes[key] ?? 8) : Int128(unitBytes[key] ?? 8)
            let (bytes, overflow) = count.multipliedReportingOverflow(by: unit)
            guard count > 0, overflow || bytes > limit else { continue }
            let amount = overflow ? "more than 2^127 bytes" : "\(bytes) bytes"
            return [Diagnostic(SecurityCode.allocation,
                               "#\(object.id) (\(ValueFormatter.excerpt(chain[0]))) states \(key) = \(count), asking for \(amount) from an archive of \(ValueFormatter.byteCount(inputSize))",
                               range: object.range, object: object.id)]
        }
        return []
    }
}
