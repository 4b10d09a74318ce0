import ArchiveCore

/// One value of a typedstream object, with its own type encoding.
struct TypedValue {
    /// A single type encoding (`i`, `@`, `+`, `{_NSRange=II}` …), `?` when the field had none.
    var type: String
    var value: FieldValue

    var isObject: Bool { type == "@" }
    var isInteger: Bool { type.count == 1 && "cCsSiIlLqQB".contains(type) }
    var isReal: Bool { type == "f" || type == "d" }
    var integer: Int128? { if case .scalar(let s) = value { return s.integerValue } else { return nil } }
    var real: Double? { if case .scalar(let s) = value { return s.realValue } else { return nil } }
}
