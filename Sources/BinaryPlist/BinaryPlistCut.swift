import ArchiveCore

/// Where a binary plist was cut, from its own numbers.
package struct BinaryPlistCut {
    let tail: BinaryPlistTail

    package init(tail: BinaryPlistTail) {
        self.tail = tail
    }
    var input: InputBytes { tail.input }

    package func diagnostic() -> Diagnostic? {
        let n = input.count
        if n < 41 {
            return Diagnostic(DamageCode.truncated,
                              "the file is only \(ValueFormatter.byteCount(n)): a binary plist needs an 8-byte header, at least one object, "
                              + "an offset table and a 32-byte trailer, so at least \(ValueFormatter.byteCount(41 - n)) \(41 - n == 1 ? "is" : "are") missing", range: ByteRange(n, n))
        }
        if tail.fittingTrailer != nil { return nil }
        // One damaged trailer field beside a whole table is not a cut (bplist.trailer.field-damaged says so).
        if let trailer = BinaryPlistTrailer(input), BinaryPlistTrailerRepair.find(input, trailer) != nil { return nil }
        if let shorter = shorterThanTrailer() { return shorter }
        return cutInTrailer() ?? cutInTable() ?? cutInObjects()
    }

    /// The trailer is whole but says the file is longer: bytes went missing before the table.
    private func shorterThanTrailer() -> Diagnostic? {
        guard let f = tail.trailerShape, let missing = BinaryPlistShortfall.find(tail) else { return nil }
        let actual = f.tableOffset - missing
        return Diagnostic(DamageCode.truncated,
                          "\(ValueFormatter.byteCount(missing)) \(missing == 1 ? "is" : "are") missing from the middle of the file: its trailer and offset table are whole "
                          + "at the end, but the table sits at offset \(actual), not \(f.tableOffset) as the trailer says, so the objects before it lost "
                          + "\(ValueFormatter.byteCount(missing)) (a copy that skipped a block, or a text-mode transfer)",
                          range: ByteRange(start: input.count - 8, count: 8),
                          notes: [DiagnosticNote("the offset table (\(English.count(f.count, "entry", plural: "entries")) of \(ValueFormatter.byteCount(f.offsetSize))) actually starts here",
                                                 range: ByteRange(start: actual, count: f.count * f.offsetSize))])
    }

    /// The file lost 1–31 bytes: the start of the trailer is there and leads back to a whole table.
    private func cutInTrailer() -> Diagnostic? {
        guard let cut = BinaryPlistCutTrailer.find(input) else { return nil }
        let lost = cut.cut == 1 ? "its last byte" : "its last \(cut.cut) bytes"
        return Diagnostic(DamageCode.truncated,
                          "the file is cut \(ValueFormatter.byteCount(cut.cut)) short: the 32-byte trailer that must end it starts at offset \(cut.trailerStart) "
                          + "and lacks \(lost) (\(cut.lostFields)); the offset table before it (\(English.count(cut.count, "entry", plural: "entries"))) "
                          + "is whole, so every object can still be read",
                          range: ByteRange(cut.trailerStart, input.count),
                          notes: [DiagnosticNote("the offset table: \(English.count(cut.count, "entry", plural: "entries")) of \(ValueFormatter.byteCount(cut.offsetSize)), the first pointing at offset 8",
                                                 range: ByteRange(cut.tableOffset, cut.trailerStart))])
    }

    /// The file ends inside the offset table: objects whole, part of the table, no trailer.
    private func cutInTable() -> Diagnostic? {
        let n = input.count
        var best: (table: Int, width: Int, present: Int, objects: Int, partial: Int)?
        for width in [1, 2, 4, 8] {
            for partial in 0..<width {
                guard let (table, count) = tableEnding(at: n - partial, width: width), count >= 2 else { continue }
                for refSize in [1, 2, 4] {
                    let walk = tail.walkObjects(refSize: refSize, limit: table)
                    guard walk.end == table, walk.starts.count >= count,
                          (0..<count).allSatisfy({ tail.entry($0, table: table, width: width) == walk.starts[$0] }) else { continue }
                    if best.map({ count > $0.present }) ?? true { best = (table, width, count, walk.starts.count, partial) }
                    break
                }
            }
        }
        guard let best else { return nil }
        let missingEntries = best.objects - best.present
        let missing = missingEntries * best.width - best.partial + 32
        return Diagnostic(DamageCode.truncated,
                          "the file ends inside its offset table: \(best.objects == 1 ? "the 1 object" : "the \(best.objects) objects") (offsets 8 to \(best.table)) are whole, but only "
                          + "\(best.present) of the \(best.objects) table entries and none of the 32-byte trailer are present; "
                          + "\(ValueFormatter.byteCount(missing)) are missing",
                          range: ByteRange(n, n),
                          notes: [DiagnosticNote("the offset table starts here; its entries match the objects found by walking from offset 8",
                                                 range: ByteRange(best.table, n))])
    }

    /// The file ends inside an object: the walk from offset 8 runs past the end.
    private func cutInObjects() -> Diagnostic? {
        let n = input.count
        // The last 32 bytes all zero are a zero fill, not a cut.
        guard !(0..<32).allSatisfy({ input.byte(at: n - 32 + $0) == 0 }) else { return nil }
        var best: (starts: [Int], end: Int)?
        for refSize in [1, 2] {
            let walk = tail.walkObjects(refSize: refSize, limit: n)
            guard walk.end > n, walk.starts.count >= 2 else { continue }
            if best.map({ walk.starts.count > $0.starts.count }) ?? true { best = walk }
        }
        guard let best, let last = best.starts.last else { return nil }
        let remaining = n - last, claimed = best.end - last
        let atLeast = (best.end - n) + best.starts.count + 32
        return Diagnostic(DamageCode.truncated,
                          "the file ends inside its objects: object \(best.starts.count - 1) (at offset \(last)) claims "
                          + "\(ValueFormatter.byteCount(claimed)) but \(ValueFormatter.byteCount(remaining)) remain; the objects after it, the offset table "
                          + "and the 32-byte trailer are missing (at least \(ValueFormatter.byteCount(atLeast)))",
                          range: ByteRange(n, n),
                          notes: [DiagnosticNote("the last object, cut by the end of the file", range: ByteRange(last, n)),
                                  DiagnosticNote("\(best.starts.count - 1) objects before it are whole, walked from offset 8",
                                                 range: ByteRange(8, last))])
    }

    private func tableEnding(at end: Int, width: Int) -> (table: Int, count: Int)? {
        BinaryPlistCutTrailer.tableEnding(input, at: end, width: width)
    }
}
