import ArchiveCore

/// What one decode method does with one stored value, in one implementation.
package enum DecodeOutcome: Sendable, Equatable {
    /// The call returns; the text is the display form of the result (`0`, `YES`, `nil`, `object #4` …).
    case value(String)
    /// The call raises an Objective-C exception.
    case exception(name: String, reason: String)
    /// The call fails as a decode error: raised or recorded as the coder's `error`, per `decodingFailurePolicy`.
    case failure(String)
    /// Not documented and not readable from source: the text says what most likely happens.
    case undocumented(String)

    /// `NSInvalidUnarchiveOperationException`.
    static let invalidUnarchive = "NSInvalidUnarchiveOperationException"
    /// `NSRangeException`.
    package static let range = "NSRangeException"

    /// One-line display form, e.g. `raises NSRangeException: …`.
    package var text: String {
        switch self {
        case .value(let v): v
        case .exception(let name, let reason): "raises \(name): \(reason)"
        case .failure(let why): "fails: \(why)"
        case .undocumented(let likely): "undocumented: \(likely)"
        }
    }

    /// Whether the call returns normally.
    package var isValue: Bool {
        if case .value = self { return true }
        return false
    }
}
