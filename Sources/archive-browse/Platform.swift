import CAllocatorTuning
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Every C library call of the command line, for macOS (Darwin) and Linux (Glibc, Musl) alike: no
/// other file of the target imports the C library.
enum Platform {
    /// Ends the process with `status` (buffered `FileOutput` must be flushed first).
    static func exit(_ status: Int32) -> Never {
        exitProcess(status)
    }

    /// Writes the `count` bytes at `bytes` to `fd`: the number written, or -1.
    static func write(_ fd: Int32, _ bytes: UnsafeRawPointer?, count: Int) -> Int {
        writeDescriptor(fd, bytes, count)
    }

    /// Whether `fd` is a terminal.
    static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) != 0
    }

    /// Makes the controlling terminal (`/dev/tty`) standard input, when there is one: for the browser,
    /// whose archive came through a pipe.
    static func takeStandardInputFromTerminal() {
        let tty = open("/dev/tty", O_RDONLY)
        guard tty >= 0 else { return }
        dup2(tty, 0)
        _ = closeDescriptor(tty)
    }

    /// The environment variable `name`, or nil when it is not set.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Sets the environment variable `name` (for curses, which reads `TERM` itself).
    static func setEnvironment(_ name: String, _ value: String) {
        setenv(name, value, 1)
    }

    /// Makes the C allocator give blocks of 1 MiB or more back to the system when they are freed (see
    /// `allocator_tuning.h`): one whole-file pass's tables then leave RSS before the next pass.
    static func returnLargeFreedMemory() {
        allocator_return_large_blocks(1 << 20)
    }

    /// The length of the NUL-terminated string at `pointer` (`strlen`).
    static func length(of pointer: UnsafePointer<CChar>) -> Int {
        strlen(pointer)
    }
}

// The C names, reached from inside `Platform`, whose own members of the same names would shadow them.
private func exitProcess(_ status: Int32) -> Never { exit(status) }
private func writeDescriptor(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, bytes, count) }
private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
