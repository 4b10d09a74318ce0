import ArchiveModel

/// One row of the coercion table: how a decode method would read the focused scalar.
public struct CoercionRow: Sendable, Equatable {
    /// The decode method, e.g. `decodeInt32(forKey:)`.
    public var method: String
    /// What it returns, display-safe (escape anything taken from the file).
    public var result: String
    /// Optional remark, e.g. "truncated" or "throws".
    public var note: String?

    public init(method: String, result: String, note: String? = nil) {
        self.method = method
        self.result = result
        self.note = note
    }
}

/// HOOK: the coercion table of the detail pane.
///
/// `CoercionTable` (ArchiveModel, written separately) is wired here: return one row per decode
/// method for `value`. Until then it returns no rows and the pane says so.
public enum CoercionHook {
    /// Rows for the scalar `value` shown by `node` (the node is given for context, e.g. the key).
    public static func rows(for value: ScalarValue, node: OutlineNode, graph: any ObjectGraph) -> [CoercionRow] {
        []
    }
}
