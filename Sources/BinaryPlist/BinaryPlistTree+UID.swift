import ArchiveCore

extension BinaryPlistTree {
    /// The value of object `id` when it is a well-formed UID (marker `0x8n` with a 1-, 2-, 4- or
    /// 8-byte payload inside the object area, at most `UInt32.max`), read straight from its bytes;
    /// nil for anything else, which `node(_:)` then decodes with its diagnostics. Whole-file passes
    /// read millions of `NS.objects` items this way without building a node for each.
    package func wellFormedUID(_ id: Int) -> UInt64? {
        guard let layout, let offset = layout.offset(of: id, in: input), offset >= 8,
              let marker = input.byte(at: offset), marker >> 4 == 0x8 else { return nil }
        let width = Int(marker & 0x0F) + 1
        guard width == 1 || width == 2 || width == 4 || width == 8, offset + 1 + width <= layout.objectAreaEnd,
              let value = input.uintBE(at: offset + 1, width: width), value <= UInt64(UInt32.max) else { return nil }
        return value
    }
}
