/// The L (literal length), M (match length) and D (distance) symbols of LZFSE: symbol i stands for
/// its base value plus as many extra bits as it names (`lzfse_internal.h`). Values past 15 for L
/// and M, and past 3 for D, share symbols.
enum LZFSEValueCodes {
    static let lExtraBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 5, 8]
    static let lBases: [Int32] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 28, 60]
    static let mExtraBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 5, 8, 11]
    static let mBases: [Int32] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 24, 56, 312]

    /// D: four symbols per bit count from 0 to 15 extra bits.
    static let dExtraBits: [UInt8] = (0..<64).map { UInt8($0 / 4) }
    /// D bases: each symbol starts where the previous one's range ends.
    static let dBases: [Int32] = {
        var bases: [Int32] = []
        var next: Int32 = 0
        for bits in dExtraBits {
            bases.append(next)
            next += Int32(1) << Int32(bits)
        }
        return bases
    }()

    /// The largest match length (M) one symbol can give: 312 + 2^11 - 1.
    static let maxMatch = 2359
}
