/// The diagnostics about a document as a whole rather than one decoder's bytes: what its format is
/// when it is not one this tool decodes (`format.*`), the embedded-archive check (`embedded.*`), and a
/// plain plist's objects that could not be decoded (`plist.*`). Explanations are in
/// `DocumentCode+Explanations.swift`.
package enum DocumentCode: String, DiagnosticCatalog {
    case empty = "format.file.empty"
    case unknown = "format.file.unknown"
    case bplistVariant = "format.bplist-variant.unsupported"
    case gnustepArchive = "format.gnustep-archive.unsupported"
    case appleFormat = "format.apple.not-decoded"
    case archiveInside = "format.archive.inside"
    case embeddedBudget = "embedded.check.budget"
    case objectInvalid = "plist.object.invalid"
    case diagnosticsSuppressed = "check.diagnostics.suppressed"

    /// The default severity. A format Apple's own components write and read (an XPC binary plist, the
    /// formats of `AppleFormat`) is a note: the file is sound, this tool just does not decode it. `bplistVariant` is an error, per
    /// instance, for a version no Apple component writes.
    package var severity: Severity {
        switch self {
        case .bplistVariant, .appleFormat, .archiveInside, .embeddedBudget, .diagnosticsSuppressed: .note
        default: .error
        }
    }

    package var summary: String {
        switch self {
        case .empty: "the file is empty (0 bytes): there is nothing to decode"
        case .unknown: "the file is in no format this tool reads"
        case .bplistVariant: "a binary plist of a version other than bplist0?, which is not decoded"
        case .gnustepArchive: "a GNUstep NSArchiver file, which is not decoded"
        case .appleFormat: "a file in an Apple format this tool recognises but does not decode"
        case .archiveInside: "an archive this tool reads starts further into the file"
        case .embeddedBudget: "some embedded archives were not checked, to bound the work"
        case .objectInvalid: "a plist object could not be decoded"
        case .diagnosticsSuppressed: "more diagnostics of one id were found than are stored; they were counted"
        }
    }
}
