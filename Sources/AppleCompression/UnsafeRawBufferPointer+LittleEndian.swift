extension UnsafeRawBufferPointer {
    /// The little-endian integer of type `T` at `offset`, or nil when it does not lie wholly inside.
    @inline(__always)
    func littleEndian<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T? {
        guard offset >= 0, offset <= count - MemoryLayout<T>.size else { return nil }
        return T(littleEndian: loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    /// The bytes in `range` clipped to the buffer, as an array (for messages).
    func bytes(in range: Range<Int>) -> [UInt8] {
        let clipped = range.clamped(to: 0..<count)
        return clipped.map { self[$0] }
    }
}
