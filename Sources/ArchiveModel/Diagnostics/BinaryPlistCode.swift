/// Placeholder replaced by the binary plist catalog.
public enum BinaryPlistCode: String, DiagnosticCatalog {
    case refOutOfRange = "bplist.ref.out-of-range"
    public var severity: Severity { .error }
    public var summary: String { "" }
    public var explanation: String { "" }
}
