import ArchiveCore

extension NIBArchiveReader {
    /// Where the entry of `kind` at `offset` ends by its own numbers (varint lengths, the sizes its type
    /// byte gives), even past the end of the input: how far an entry the end cut was meant to reach.
    /// When the end cuts one of its varints or its type byte, only one more byte is known: `count + 1`.
    /// Saturates at `Int.max` for lengths no file has.
    package func declaredEnd(_ kind: NIBTableKind, at offset: Int) -> Int {
        let cut = input.count + 1
        var p = offset
        func next() -> UInt64? {
            guard let (value, end) = try? varint(at: p) else { return nil }
            p = end
            return value
        }
        switch kind {
        case .objects:
            // Class-name index, first value, value count: no lengths, so a cut one needs one more byte.
            for _ in 0..<3 {
                guard next() != nil else { return cut }
            }
            return p
        case .keys:
            guard let length = next() else { return cut }
            return Self.adding(p, length)
        case .values:
            guard next() != nil, let type = input.byte(at: p) else { return cut }
            p += 1
            guard type == NIBValueType.data else { return Self.adding(p, UInt64(Self.payloadSize(type))) }
            guard let length = next() else { return cut }
            return Self.adding(p, length)
        case .classNames:
            guard let length = next(), let extras = next() else { return cut }
            let (words, overflow) = extras.multipliedReportingOverflow(by: 4)
            return overflow ? Int.max : Self.adding(Self.adding(p, words), length)
        }
    }

    /// The payload size of a value of fixed-size `type` (0 for those without one, and unknown types).
    static func payloadSize(_ type: UInt8) -> Int {
        switch type {
        case NIBValueType.int8: 1
        case NIBValueType.int16: 2
        case NIBValueType.int32, NIBValueType.float32, NIBValueType.object: 4
        case NIBValueType.int64, NIBValueType.float64: 8
        default: 0
        }
    }

    /// `offset + count`, saturating at `Int.max`.
    private static func adding(_ offset: Int, _ count: UInt64) -> Int {
        let (sum, overflow) = offset.addingReportingOverflow(Int(clamping: count))
        return overflow ? Int.max : sum
    }
}
