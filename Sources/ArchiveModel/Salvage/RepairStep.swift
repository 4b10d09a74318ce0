/// One reversible mechanism undone before a salvage (or for `--repair`): a wrapper taken off, a text
/// re-encoding reversed, a line-ending conversion searched back.
public struct RepairStep: Sendable, Equatable {
    public enum Mechanism: String, Sendable {
        /// base64, hex, gzip or zlib taken off.
        case wrapper
        /// Latin-1 read and UTF-8 written: every C2/C3 pair back to its one byte.
        case latin1 = "latin1-to-utf8"
        /// Every CR (0x0D) became LF (0x0A): the LF bytes that were CR, found by a search.
        case crToLF = "cr-to-lf"
        /// Every CR LF pair became LF: the CR bytes put back, found by a search.
        case crlfToLF = "crlf-to-lf"
    }

    public var mechanism: Mechanism
    /// What was undone, in words.
    public var summary: String
    /// Bytes whose value changed, or bytes put back or taken out.
    public var bytesChanged: Int
    public var sizeBefore: Int
    public var sizeAfter: Int
    /// Offsets (in the repaired bytes) the search could not decide and left as they were.
    public var undecided: [Int] = []
    /// Readings the search tried (for the report; zero for exact reversals).
    public var candidatesTried = 0

    public init(_ mechanism: Mechanism, summary: String, bytesChanged: Int, sizeBefore: Int, sizeAfter: Int) {
        self.mechanism = mechanism
        self.summary = summary
        self.bytesChanged = bytesChanged
        self.sizeBefore = sizeBefore
        self.sizeAfter = sizeAfter
    }
}
