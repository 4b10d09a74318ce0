import Testing
@testable import ArchiveModel
@testable import ArchiveCore
import TestSupport

/// Files that change under us, above `InputBytes.mapThreshold`: a mapped input whose file another
/// process cuts short must not die of SIGBUS. Each case runs in a child process (an exit test), so a
/// SIGBUS fails the test instead of ending the test run.
@Suite struct MappedInputGuardTests {
    /// Exit codes of the child, one per check, so a failure names what failed.
    enum Failure: Int32 {
        case setup = 10, notMapped, lostBeforeCut, truncateFailed, nothingLost, lostOffsetWrong
        case bytesNotZero, decodeChanged, secondInput
    }

    /// Maps the 3 MiB archive (threshold 1), reads it all, cuts the file to `cut` bytes and reads it
    /// all again: no SIGBUS, the bytes past the cut's page read as zeros, the loss is reported from
    /// the first missing page, and a second input mapped meanwhile is untouched. Exits 0 when so.
    static func cutShortWhileMapped(to cut: Int) -> Int32 {
        guard let dir = InputBytesTruncationTests.temporaryDirectory() else { return Failure.setup.rawValue }
        let path = dir + "/mapped.bplist", other = dir + "/other.bplist"
        defer { unlink(path); unlink(other); rmdir(dir) }
        let archive = InputBytesTruncationTests.archive
        guard InputBytesTruncationTests.write(archive, to: path), InputBytesTruncationTests.write(archive, to: other),
              let input = try? InputBytes.read(path: path, mapAtLeast: 1),
              let untouched = try? InputBytes.read(path: other, mapAtLeast: 1) else { return Failure.setup.rawValue }
        guard input.count == archive.count, input.byte(at: input.count - 1) == archive.last else { return Failure.notMapped.rawValue }
        let before = InputBytesTruncationTests.readEverything(input)
        guard input.bytesLostFrom == nil else { return Failure.lostBeforeCut.rawValue }

        guard truncate(path, off_t(cut)) == 0 else { return Failure.truncateFailed.rawValue }
        let after = InputBytesTruncationTests.readEverything(input) // reads every byte: faults past the cut
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let firstMissingPage = (cut + page - 1) / page * page
        guard let lost = input.bytesLostFrom else { return Failure.nothingLost.rawValue }
        guard lost == firstMissingPage else { return Failure.lostOffsetWrong.rawValue }
        guard input.count == archive.count,
              (firstMissingPage..<input.count).allSatisfy({ input.byte(at: $0) == 0 }),
              (0..<cut).allSatisfy({ input.byte(at: $0) == archive[$0] }) else { return Failure.bytesNotZero.rawValue }
        // The decoders saw other bytes (at least the trailer is now zeros), and said so.
        guard after.checksum != before.checksum, after.diagnostics > before.diagnostics else {
            return Failure.decodeChanged.rawValue
        }
        guard untouched.bytesLostFrom == nil, InputBytesTruncationTests.readEverything(untouched) == before else {
            return Failure.secondInput.rawValue
        }
        return 0
    }

    @Test func cutToNothing() async {
        await #expect(processExitsWith: .success) { exit(MappedInputGuardTests.cutShortWhileMapped(to: 0)) }
    }

    @Test func cutMidPageInTheMiddle() async {
        await #expect(processExitsWith: .success) {
            exit(MappedInputGuardTests.cutShortWhileMapped(to: InputBytesTruncationTests.archive.count / 2 + 123))
        }
    }

    /// The guard takes only faults in the mappings it registered: a vanished page of a mapping made
    /// elsewhere still raises SIGBUS, and so does a SIGBUS sent to the process.
    @Test func otherFaultsStillStopTheProcess() async {
        await #expect(processExitsWith: .signal(SIGBUS)) {
            guard let dir = InputBytesTruncationTests.temporaryDirectory() else { exit(Failure.setup.rawValue) }
            let path = dir + "/foreign"
            guard InputBytesTruncationTests.write(InputBytesTruncationTests.archive, to: path),
                  let guarded = try? InputBytes.read(path: path, mapAtLeast: 1) else { exit(Failure.setup.rawValue) }
            let fd = open(path, O_RDONLY)
            guard let foreign = mmap(nil, guarded.count, PROT_READ, MAP_PRIVATE, fd, 0), foreign != MAP_FAILED else {
                exit(Failure.setup.rawValue)
            }
            guard truncate(path, 0) == 0 else { exit(Failure.truncateFailed.rawValue) }
            unlink(path); rmdir(dir)
            let byte = foreign.load(fromByteOffset: guarded.count - 1, as: UInt8.self) // SIGBUS here
            exit(Int32(byte) + 100)
        }
        await #expect(processExitsWith: .signal(SIGBUS)) {
            guard let dir = InputBytesTruncationTests.temporaryDirectory() else { exit(Failure.setup.rawValue) }
            let path = dir + "/sent"
            defer { unlink(path); rmdir(dir) }
            guard InputBytesTruncationTests.write(InputBytesTruncationTests.archive, to: path),
                  let guarded = try? InputBytes.read(path: path, mapAtLeast: 1) else { exit(Failure.setup.rawValue) }
            withExtendedLifetime(guarded) { _ = raise(SIGBUS) } // the guard registered a mapping, yet passes this on
            exit(0)
        }
    }
}
