/// Placeholder replaced by the binary plist catalog.
public enum BinaryPlistCode: String, DiagnosticCatalog {
    case refOutOfRange = "bplist.ref.out-of-range"
    public var severity: Severity { .error }
    public var summary: String { "an object reference points past the end of the offset table" }
    public var explanation: String {
        "A container (array, set or dictionary) holds an object reference that is not below the object count in the trailer. CoreFoundation's reader rejects the whole file. Usual causes: a damaged byte in the reference itself, a damaged trailer count, or a file cut short so that the table holds fewer objects than the writer made."
    }
}
