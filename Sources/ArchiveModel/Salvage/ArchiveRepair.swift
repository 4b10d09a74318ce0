/// Repair before salvage: undoes what the diagnosis names as a reversible mechanism, in the order the
/// damage happened in reverse: wrappers off, then a text re-encoding reversed exactly (Latin-1 read,
/// UTF-8 written), then a line-ending conversion searched back (see `CRToLFRepair`, `CRLFToLFRepair`).
/// A mechanism is undone only when `DamageAnalysis` asserts it, and a repair is kept only when the
/// repaired bytes have fewer problems than before.
public enum ArchiveRepair {
    /// Limits of the line-ending search.
    public struct Limits: Sendable {
        /// Decodes the plausibility step may make.
        public var decodes: Int
        /// Asked between decodes; true ends the search (the caller's time limit).
        public var shouldStop: @Sendable () -> Bool

        public init(decodes: Int = 2_000, shouldStop: @escaping @Sendable () -> Bool = { false }) {
            self.decodes = decodes
            self.shouldStop = shouldStop
        }
    }

    /// The repaired bytes and the steps taken (none when nothing reversible was found).
    public struct Result: Sendable {
        public var bytes: InputBytes
        public var steps: [RepairStep]
        /// Mechanisms the diagnosis named that could not be undone, in words.
        public var notUndone: [String]
    }

    /// Repairs `input` (the file's bytes as read).
    public static func repair(_ input: InputBytes, limits: Limits = Limits()) -> Result {
        var steps: [RepairStep] = []
        var notUndone: [String] = []
        var current = InputBytes(copying: input, wrappers: [])
        if let unwrapped = Unwrapper.unwrap(current) {
            for layer in unwrapped.wrappers {
                steps.append(RepairStep(.wrapper, summary: "took the archive out of \(layer.kind.noun) (\(ValueFormatter.byteCount(layer.outerSize)) "
                                        + "\(layer.kind.verb) to \(ValueFormatter.byteCount(layer.innerSize)))",
                                        bytesChanged: abs(layer.outerSize - layer.innerSize), sizeBefore: layer.outerSize, sizeAfter: layer.innerSize))
            }
            current = InputBytes(copying: unwrapped, wrappers: [])
        }
        // Each mechanism at most once, in this order: a re-encoding moves every offset, so it goes first.
        for _ in 0..<2 {
            let document = ArchiveDocument.open(current, name: "")
            let found = EmbeddedCheck.fullCheck(of: document.graph)
            let causes = DamageAnalysis.causes(of: document.graph, diagnostics: found)
            let before = problems(found)
            guard let cause = causes.first(where: { $0.id == DamageCode.reencoded.rawValue || $0.id == DamageCode.lineEndings.rawValue }) else { break }
            guard let (bytes, step) = undo(cause, current, format: document.format, limits: limits) else {
                notUndone.append(cause.message)
                break
            }
            let repaired = InputBytes(bytes)
            let after = problems(EmbeddedCheck.fullCheck(of: ArchiveDocument.open(repaired, name: "").graph))
            guard after < before else {
                notUndone.append(cause.message + " (undoing it gave no fewer problems, so it was not kept)")
                break
            }
            steps.append(step)
            current = repaired
        }
        return Result(bytes: current, steps: steps, notUndone: notUndone)
    }

    /// The bytes with the mechanism `cause` names undone, or nil when it is not reversible here.
    static func undo(_ cause: Diagnostic, _ input: InputBytes, format: ContainerFormat, limits: Limits) -> ([UInt8], RepairStep)? {
        let size = input.count
        if cause.id == DamageCode.reencoded.rawValue {
            guard let original = Latin1Reencoding.undo(input) else { return nil }
            let pairs = size - original.count
            let step = RepairStep(.latin1, summary: "reversed a Latin-1 → UTF-8 re-encoding: \(English.count(pairs, "two-byte sequence")) C2/C3 xx "
                                  + "read back as one byte each", bytesChanged: pairs, sizeBefore: size, sizeAfter: original.count)
            return (original, step)
        }
        guard case .binaryPlist = format else { return nil }
        let bytes = Array(input.buffer.bindMemory(to: UInt8.self))
        if BinaryPlistShortfall.find(BinaryPlistTail(input: input)) != nil {
            var search = CRLFToLFRepair(bytes)
            guard let repaired = search.run(budget: limits.decodes * 50) else { return nil }
            let put = repaired.count - size
            var step = RepairStep(.crlfToLF, summary: "undid a text-mode transfer that turned CR LF into LF: \(English.count(put, "CR byte")) put back before LF bytes, "
                                  + "found by the offset table's object lengths", bytesChanged: put, sizeBefore: size, sizeAfter: repaired.count)
            step.undecided = search.undecided
            step.candidatesTried = search.tried
            return (repaired, step)
        }
        if !bytes.contains(0x0D) {
            var search = CRToLFRepair(bytes)
            guard search.run(budget: limits.decodes, shouldStop: limits.shouldStop) else { return nil }
            let changed = search.changed.count
            var step = RepairStep(.crToLF, summary: "undid a text-mode transfer that turned CR into LF: \(English.count(changed, "byte")) 0x0A read back as 0x0D, "
                                  + "found by the binary plist's structure"
                                  + (search.inValues > 0 ? "; \(English.count(search.inValues, "0x0A byte")) inside values (strings, data, numbers) kept, "
                                     + "as nothing in the structure says what they were" : ""),
                                  bytesChanged: changed, sizeBefore: size, sizeAfter: size)
            step.undecided = search.undecided
            step.candidatesTried = search.tried
            return (search.bytes, step)
        }
        return nil
    }

    /// Errors and warnings (what a repair must reduce).
    static func problems(_ diagnostics: [Diagnostic]) -> Int {
        diagnostics.reduce(0) { $0 + ($1.severity == .note ? 0 : 1) }
    }
}
