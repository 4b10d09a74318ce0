import ArchiveCore

/// Every diagnostic the security audit (`--audit`, issue 40) reports: what decoding an archive would
/// make NSKeyedUnarchiver do. The explanations, each citing its public source, are in
/// `SecurityCode+Explanations.swift`.
///
/// Severity: `.error` where the predicted `unarchivedObject(ofClasses:from:)` fails; `.warning` for a
/// risk pattern (what published exploits used); `.note` for facts a reviewer wants (a private class, a
/// Swift name this tool cannot read).
package enum SecurityCode: String, DiagnosticCatalog {
    case allowListRejected = "security.allow-list.rejected"
    case notSecureCoding = "security.allow-list.not-secure-coding"
    case classSubstitution = "security.class.substitution"
    case classDangerous = "security.class.dangerous"
    case classPrivate = "security.class.private"
    case swiftNameUnread = "security.class.swift-name-unread"
    case selfReference = "security.self-reference"
    case selector = "security.selector"
    case fileReference = "security.file-reference"
    case allocation = "security.allocation"
    case nesting = "security.nesting"
    case typeConfusion = "security.type-confusion"

    package var severity: Severity {
        switch self {
        case .allowListRejected, .notSecureCoding: .error
        case .classPrivate, .swiftNameUnread, .fileReference: .note
        default: .warning
        }
    }

    package var summary: String {
        switch self {
        case .allowListRejected: "unarchivedObject(ofClasses:from:) would stop at an object whose class is not in the allowed set"
        case .notSecureCoding: "an allowed class does not adopt NSSecureCoding, so a secure unarchiver refuses to decode it"
        case .classSubstitution: "a class dictionary names one class and lists a chain that does not lead to it through its known superclass"
        case .classDangerous: "a class with dangerous decoding semantics or a history in published exploits would be decoded"
        case .classPrivate: "a class absent from Apple's public SDK (a private or underscored class) would be decoded"
        case .swiftNameUnread: "a Swift class name (_Tt…) that this tool's bounded reader does not demangle"
        case .selfReference: "an object is reachable from its own fields, so its initWithCoder: would get itself half-initialised"
        case .selector: "an expression or sort descriptor names a selector or function to call when it is evaluated"
        case .fileReference: "a URL or bookmark that points at a file on the decoding machine"
        case .allocation: "a count or size would make Foundation allocate far more memory than the archive has bytes"
        case .nesting: "objects nest deeper than a decoder's stack of nested initWithCoder: calls safely holds"
        case .typeConfusion: "the same object is decoded under two different classes' expectations"
        }
    }
}
