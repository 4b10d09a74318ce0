import ArchiveCore

/// One archive found in a source: where it lives, what it looked like from its first bytes, and
/// how large it is. Its problem count comes from opening it (`SourceCheck`).
package struct SourceEntry: Sendable, Hashable {
    package var place: SourcePlace
    /// The format its first bytes show (after any wrapper, when `wrapper` is set).
    package var format: ContainerFormat
    /// The wrapper the first bytes show (base64, hex, gzip, zlib), when the archive is inside one.
    package var wrapper: String?
    /// Its size in the source, in bytes (for a ZIP entry the inflated size it declares).
    package var size: Int
    /// Problems met while finding or reading it (a damaged ZIP entry), reported with its own.
    package var problems: [Diagnostic]

    package init(place: SourcePlace, format: ContainerFormat, wrapper: String? = nil, size: Int, problems: [Diagnostic] = []) {
        self.place = place
        self.format = format
        self.wrapper = wrapper
        self.size = size
        self.problems = problems
    }

    /// The format for a listing: `bplist00`, `typedstream`, `gzip › bplist00`.
    package var formatName: String {
        (wrapper.map { "\($0) › " } ?? "") + format.shortName
    }
}
