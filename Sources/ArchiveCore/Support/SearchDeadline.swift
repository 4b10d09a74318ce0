/// The time limit of a bounded search (the line-ending repair, its trial in the damage analysis).
///
/// A search is bounded first by the number of readings it may judge; the time limit only keeps a slow
/// machine responsive. Because it makes results depend on the machine's speed, it can be lifted with
/// the environment variable `ARCHIVE_BROWSE_NO_TIME_LIMITS=1`: the test suite does so, so that a
/// loaded machine gives the same answers as an idle one.
package struct SearchDeadline: Sendable {
    /// The environment variable that lifts every search's time limit.
    package static let liftVariable = "ARCHIVE_BROWSE_NO_TIME_LIMITS"

    private let end: Double?

    /// A deadline `seconds` from now, or none when the time limits are lifted.
    package init(seconds: Double) {
        end = Self.lifted ? nil : Platform.monotonicSeconds() + seconds
    }

    /// Whether the time is up.
    package var passed: Bool {
        guard let end else { return false }
        return Platform.monotonicSeconds() > end
    }

    static var lifted: Bool { Platform.environment(liftVariable).map { !$0.isEmpty && $0 != "0" } ?? false }
}
