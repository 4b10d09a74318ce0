import Synchronization
@_spi(ArchiveInternals) import ArchiveCore

/// A bplist00 file opened lazily: opening validates the header, trailer and offset table only; each
/// object is decoded when `node(_:)` asks for it.
package final class BinaryPlistTree: PlistTree, Sendable {
    package let input: InputBytes
    package let openDiagnostics: [Diagnostic]
    package let layout: BinaryPlistLayout?
    /// What the last full check found out about shared containers.
    private let sharesContainers = Mutex<Bool?>(nil)
    /// Objects whose table entry repeats a lower object's offset, once looked for.
    private let sharerCache = Mutex<[Int: Int]?>(nil)
    /// The objects that decode to an invalid value (ascending), once a full check decoded every object.
    let invalidCache = Mutex<[Int32]?>(nil)
    /// Long strings and data decoded so far.
    private let leaves = BinaryPlistLeafCache()

    /// Opens `input` (which must start with `bplist`).
    package init(_ input: InputBytes) {
        self.input = input
        var diagnostics: [Diagnostic] = []
        layout = BinaryPlistLayout.open(input, diagnostics: &diagnostics)
        openDiagnostics = diagnostics
    }

    package var format: ContainerFormat { .binaryPlist }
    package var nodeCount: Int { layout?.objectCount ?? 0 }
    package var rootID: Int? { layout?.topObject }
    /// The parsed trailer, when the file has one.
    package var trailer: BinaryPlistTrailer? { BinaryPlistTrailer(input) }
    /// Start of the offset table as used (after any recovery).
    package var offsetTableOffset: Int? { layout?.tableOffset }

    package func node(_ id: Int) -> PlistNode {
        guard let layout else { return PlistNode(.invalid("the file has no readable object table"), range: nil) }
        return BinaryPlistObjectDecoder(input: input, layout: layout, leaves: leaves).decode(id: id)
    }

    /// The elements of an array or set object, read from the file only when asked for.
    package func arrayElements(_ id: Int) -> PlistArrayElements? {
        guard let layout, let offset = layout.offset(of: id, in: input), offset >= 8, offset < layout.objectAreaEnd else { return nil }
        return BinaryPlistObjectDecoder(input: input, layout: layout).arrayElements(at: offset, id: id)
    }

    /// The values of a dictionary object or the elements of an array or set, read only when asked for.
    package func containerValues(_ id: Int) -> PlistArrayElements? {
        guard let layout, let offset = layout.offset(of: id, in: input), offset >= 8, offset < layout.objectAreaEnd else { return nil }
        return BinaryPlistObjectDecoder(input: input, layout: layout).containerValues(at: offset, id: id)
    }

    /// The bytes of a data object; any other object is told from its marker byte (high nibble 4 is
    /// data) without being decoded.
    package func dataValue(_ id: Int) -> [UInt8]? {
        guard let layout, let offset = layout.offset(of: id, in: input), offset >= 8, offset < layout.objectAreaEnd,
              let marker = input.byte(at: offset), marker >> 4 == 0x4,
              case .data(let bytes) = node(id).value else { return nil }
        return bytes
    }

    /// Compares an ASCII string object's bytes in place, without decoding it (or allocating); other
    /// strings are decoded and compared by code units.
    package func isString(_ id: Int, equalTo text: String) -> Bool {
        guard let layout, let offset = layout.offset(of: id, in: input), offset >= 8, offset < layout.objectAreaEnd,
              let marker = input.byte(at: offset) else { return false }
        let count = text.utf8.count
        guard count < 15, text.utf8.allSatisfy({ $0 < 0x80 }), offset + 1 + count <= layout.objectAreaEnd else {
            if case .string(let s) = node(id).value { return s.isLiterally(text) }
            return false
        }
        guard marker == 0x50 | UInt8(count) else {
            // By code units (as NSKeyedUnarchiver compares "$null"): `==` would normalize a long string.
            guard marker >> 4 == 0x6, case .string(let s) = node(id).value else { return false }
            return s.isLiterally(text)
        }
        var position = offset + 1
        for byte in text.utf8 {
            guard input.buffer[position] == byte else { return false }
            position += 1
        }
        return true
    }

    /// The byte range of the offset-table entry of object `id`.
    package func tableEntryRange(of id: Int) -> ByteRange? { layout?.tableEntryRange(of: id) }

    /// Containers with several parents, as the last full check found them, and the objects whose
    /// offset-table entry repeats a lower object's offset (damage, or a hand-made table): id → the first
    /// object at that offset. The repeats are found on the first call, in one pass over the table (the
    /// full check makes it); a table whose offsets increase has none.
    package func sharing() -> PlistSharing {
        let shares = sharesContainers.withLock { $0 }
        if let known = sharerCache.withLock({ $0 }) { return PlistSharing(mayShareContainers: shares, offsetSharers: known) }
        guard let layout else { return PlistSharing(mayShareContainers: shares, offsetSharers: [:]) }
        let found = BinaryPlistFullCheck.offsetOrder(layout, input).1
        sharerCache.withLock { $0 = found }
        return PlistSharing(mayShareContainers: shares, offsetSharers: found)
    }

    package var knownSharing: PlistSharing {
        PlistSharing(mayShareContainers: sharesContainers.withLock { $0 }, offsetSharers: sharerCache.withLock { $0 } ?? [:])
    }

    package func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] {
        guard let layout else { return openDiagnostics }
        var check = BinaryPlistFullCheck(tree: self, layout: layout)
        guard let found = check.run(progress: progress) else { return openDiagnostics }
        let shares = check.sharesContainers()
        sharesContainers.withLock { $0 = shares }
        let sharers = check.sharers
        sharerCache.withLock { $0 = $0 ?? sharers }
        // Objects sharing an offset were not decoded on their own, and ids past Int32 are not kept.
        if sharers.isEmpty, layout.objectCount <= Int(Int32.max) {
            let invalid = check.invalidIDs
            invalidCache.withLock { $0 = invalid }
        }
        return (openDiagnostics + found).sortedByOffset()
    }
}
