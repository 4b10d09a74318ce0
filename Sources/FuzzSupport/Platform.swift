#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Every C library call of the fuzz support, for macOS (Darwin) and Linux (Glibc, Musl) alike: no
/// other file of the target imports the C library.
enum Platform {
    /// Writes `text` to standard error, unbuffered.
    static func writeToStandardError(_ text: String) {
        _ = text.withCString { write(2, $0, strlen($0)) }
    }

    /// Ends the process with SIGABRT (which libFuzzer reports as a deadly signal).
    static func abort() -> Never {
        abortProcess()
    }
}

// The C name, reached from inside `Platform`, whose own member of the same name would shadow it.
private func abortProcess() -> Never { abort() }
