import ArchiveCore

/// One value of a typedstream object, with its own type encoding.
package struct TypedValue {
    /// A single type encoding (`i`, `@`, `+`, `{_NSRange=II}` …), `?` when the field had none.
    package var type: String
    package var value: FieldValue

    package var isObject: Bool { type == "@" }
    package var isInteger: Bool { type.count == 1 && "cCsSiIlLqQB".contains(type) }
    package var isReal: Bool { type == "f" || type == "d" }
    var integer: Int128? { if case .scalar(let s) = value { return s.integerValue } else { return nil } }
    package var real: Double? { if case .scalar(let s) = value { return s.realValue } else { return nil } }
}
