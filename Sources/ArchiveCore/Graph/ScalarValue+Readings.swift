/// Numeric readings of scalars, as the known-class presenters and the format readers need them.
extension ScalarValue {
    /// The value as an integer: integers, booleans (0/1) and whole reals.
    package var integerValue: Int128? {
        switch self {
        case .integer(let i, _): i
        case .bool(let b): b ? 1 : 0
        case .real(let d, _): d.isFinite && d == d.rounded() && abs(d) < 1e30 ? Int128(d) : nil
        default: nil
        }
    }

    /// The value as a real: reals and integers.
    package var realValue: Double? {
        switch self {
        case .real(let d, _): d
        case .integer(let i, _): Double(i)
        case .date(let t): t
        default: nil
        }
    }
}
