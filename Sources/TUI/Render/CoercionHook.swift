import ArchiveModel

/// One row of the coercion table: how a decode method would read the focused value, per implementation.
public struct CoercionLine: Sendable, Equatable {
    /// The decode method, e.g. `decodeInt32`.
    public var method: String
    /// What Apple's documented contract gives (value, exception or failure), display-safe.
    public var apple: String
    /// What swift-corelibs-foundation (Linux) actually returns, display-safe.
    public var corelibs: String
    /// Whether Apple's call returns normally (false: it raises or fails).
    public var appleReturns: Bool
}

/// The coercion table of the detail pane, from `CoercionTable` in ArchiveModel.
public enum CoercionHook {
    /// One line per NSCoder decode method for the value stored under the focused key: an inline
    /// scalar, or a reference (decoding a reference with decodeInt… is itself a type mismatch).
    public static func lines(for stored: FieldValue) -> [CoercionLine] {
        CoercionTable.rows(for: stored).map { row in
            CoercionLine(method: row.method.rawValue, apple: DisplayText.escape(row.apple.text),
                         corelibs: DisplayText.escape(row.corelibs.text), appleReturns: row.apple.isValue)
        }
    }
}
