/// The decoded bytes of the whole stream, grown on demand and never past `limit`; block decoders
/// append literals and copy matches from earlier output (LZFSE and LZVN matches may reach into the
/// output of earlier blocks, as in the reference decoder, whose distances count from the stream's
/// first output byte).
///
/// A class over raw memory rather than an `[UInt8]`: a match copies from the buffer into itself,
/// which an array would only do through a copy of its storage or a closure per copy.
final class OutputBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// Bytes decoded so far.
    private(set) var count = 0
    /// The caller's limit on the whole output.
    let limit: Int
    /// Where appends stop for the current block: the limit, or a block's declared end when it is
    /// nearer (LZVN blocks may not decode past their declared raw size).
    var stop: Int

    init(limit: Int) {
        self.limit = limit
        stop = limit
        capacity = 64
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Bytes that still fit before `stop`.
    var room: Int { stop - count }

    /// Makes room in memory for `additional` more bytes (at most up to `stop`), doubling so that
    /// growth costs linear time.
    @inline(__always)
    func reserve(_ additional: Int) {
        if additional <= capacity - count { return }
        grow(additional)
    }

    private func grow(_ additional: Int) {
        let wanted = count + min(max(0, additional), room)
        guard wanted > capacity else { return }
        let grown = min(max(wanted, min(capacity, Int.max / 2) * 2), max(limit, wanted))
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        fresh.update(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = grown
    }

    /// Appends up to `length` bytes from `source` (stopping at `stop`); returns how many it appended.
    @inline(__always)
    func append(from source: UnsafePointer<UInt8>, length: Int) -> Int {
        let n = min(length, room)
        guard n > 0 else { return 0 }
        reserve(n)
        let target = base + count
        // Literals are mostly short: a loop beats a call to memmove there.
        if n <= 16 {
            for i in 0..<n { target[i] = source[i] }
        } else {
            target.update(from: source, count: n)
        }
        count += n
        return n
    }

    /// Appends up to `length` bytes copied from `distance` bytes back, byte by byte in effect (a
    /// distance shorter than the length repeats the last `distance` bytes); returns how many it
    /// appended. The caller has checked `1 <= distance <= count`.
    @inline(__always)
    func appendMatch(distance: Int, length: Int) -> Int {
        let n = min(length, room)
        guard n > 0 else { return 0 }
        reserve(n)
        let target = base + count
        let source = target - distance
        if n <= 32 {
            for i in 0..<n { target[i] = source[i] }
        } else if distance >= n {
            target.update(from: source, count: n)
        } else {
            // Whole periods, each copy twice as long as the last: the copied span never overlaps
            // its source and always starts a period after it.
            var done = 0
            while done < n {
                let chunk = min(n - done, distance + done)
                (target + done).update(from: source, count: chunk)
                done += chunk
            }
        }
        count += n
        return n
    }

    /// The decoded bytes as an array.
    func bytes() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }
}
