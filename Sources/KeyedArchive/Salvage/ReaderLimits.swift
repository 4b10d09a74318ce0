import ArchiveCore

/// Values this tool and CoreFoundation read but another common reader refuses, so a salvage never
/// writes them (they become placeholders) and the read-back names any it finds.
///
/// CF keeps a date as any double (`CFDateCreate` takes every `CFAbsoluteTime`), and Foundation's
/// `Date(timeIntervalSinceReferenceDate:)` does too; Python's plistlib turns a date into a `datetime`,
/// whose years run from 1 to 9999, and refuses the whole file (`InvalidFileException`) for a date
/// outside them or one that is not a number.
///
/// Numbers need no limit here: the salvage writes integers of 1, 2, 4, 8 or 16 bytes and reals of 4
/// or 8, each of which CF and plistlib read, and leaves out an integer wider than that.
package enum ReaderLimits {
    /// 0001-01-01T00:00:00, in seconds since 2001-01-01 (the earliest date plistlib reads).
    package static let earliestDate = -63_113_904_000.0
    /// 10000-01-01T00:00:00, in seconds since 2001-01-01 (every date plistlib reads is before it).
    package static let dateEnd = 252_423_993_600.0

    /// Why a reader refuses date `t` (seconds since 2001-01-01), or nil when every reader takes it.
    package static func dateProblem(_ t: Double) -> String? {
        if t.isNaN { return "a date that is not a number (NaN), which Python's plistlib refuses" }
        guard t >= earliestDate, t < dateEnd else {
            return "a date of \(ValueFormatter.real(t)) s since 2001-01-01, outside the years 1 to 9999 that Python's plistlib "
                + "reads (it refuses the whole file)"
        }
        return nil
    }
}
