#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Every C library call of the TUI outside curses, for macOS (Darwin) and Linux (Glibc, Musl) alike:
/// no other file of the target imports the C library.
enum Platform {
    /// The environment variable `name`, or nil when it is not set.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Takes the locale from the environment, falling back to C.UTF-8 for the character type when the
    /// environment's is not UTF-8 (curses then draws wide characters as the terminal expects).
    static func useEnvironmentLocaleOrUTF8() {
        setlocale(LC_ALL, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// Writes all of `bytes` to standard output, unbuffered (past curses, for OSC 52); false if it failed.
    @discardableResult
    static func writeToStandardOutput(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Runs `body` on a new detached POSIX thread (not the shared concurrency pool, which long blocking
    /// work would starve); on the caller's thread if no thread can be made.
    static func startThread(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        #if canImport(Darwin)
        // Darwin: pthread_t is a non-optional pointer, and the start routine's argument is non-optional.
        var thread: pthread_t?
        let created = pthread_create(&thread, nil, { argument in
            Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue().body()
            return nil
        }, box)
        if created == 0, let thread { pthread_detach(thread) }
        #else
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue().body()
            return nil
        }, box)
        if created == 0 { pthread_detach(thread) }
        #endif
        if created != 0 { Unmanaged<ThreadBody>.fromOpaque(box).takeRetainedValue().body() }
    }

    private final class ThreadBody {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
