import ArchiveCore

/// A binary plist whose trailer is whole but says the file is longer than it is, with the offset table
/// found where the trailer's own counts put it (right before the trailer): bytes went missing from
/// the object area, and `find` says how many.
package enum BinaryPlistShortfall {
    package static func find(_ tail: BinaryPlistTail) -> Int? {
        guard let f = tail.trailerShape else { return nil }
        let n = tail.input.count
        let (tableBytes, overflow) = f.count.multipliedReportingOverflow(by: f.offsetSize)
        guard !overflow, f.tableOffset.addingReportingOverflow(tableBytes + 32).partialValue > n else { return nil }
        let actual = n - 32 - tableBytes
        // More bytes lost than the file still holds is not a loss the evidence can carry.
        guard actual >= 9, actual < f.tableOffset, f.tableOffset - actual <= n else { return nil }
        // The entries still hold the offsets the objects had before the loss: from 8, increasing, below the old table offset.
        let plausible = tail.plausibleEntries(table: actual, width: f.offsetSize, count: f.count, limit: f.tableOffset)
        guard plausible >= 2, plausible * 10 >= f.count * 9 else { return nil }
        return f.tableOffset - actual
    }
}
