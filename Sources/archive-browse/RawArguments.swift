/// The bytes of command-line arguments as the shell passed them.
///
/// `CommandLine.arguments` (and so the argument parser) decodes each argument as UTF-8 and replaces
/// bytes that are not with U+FFFD, so a file named `bad\xff\xfe.bin` would be looked for under another
/// name. The file arguments are matched back to `argv` to open the real bytes.
enum RawArguments {
    /// Every argument after the program name, as bytes.
    static func argv() -> [[UInt8]] {
        let count = Int(CommandLine.argc)
        guard count > 1 else { return [] }
        return (1..<count).map { i in
            guard let pointer = CommandLine.unsafeArgv[i] else { return [] }
            let length = Platform.length(of: pointer)
            return pointer.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
        }
    }

    /// The raw bytes of each of `parsed` (positional arguments in the order the parser gave them): the
    /// next argument of `raw` after the previous match that decodes to the same text (compared by
    /// code units: canonical equivalence would match another argument), or the text's
    /// UTF-8 when none does (an argument the parser made up).
    static func bytes(of parsed: [String], in raw: [[UInt8]] = argv()) -> [[UInt8]] {
        var next = 0
        return parsed.map { text in
            let utf8 = Array(text.utf8)
            var i = next
            while i < raw.count {
                if raw[i] == utf8 || String(decoding: raw[i], as: UTF8.self).utf8.elementsEqual(utf8) {
                    next = i + 1
                    return raw[i]
                }
                i += 1
            }
            return utf8
        }
    }
}

extension RawArguments {
    /// The bytes of option `name`'s value (`--name VALUE` or `--name=VALUE`), or `parsed`'s UTF-8.
    static func optionValue(_ name: String, parsed: String, in raw: [[UInt8]] = argv()) -> [UInt8] {
        let flag = Array(name.utf8), prefix = flag + [UInt8(ascii: "=")]
        for (i, argument) in raw.enumerated() {
            if argument == flag, i + 1 < raw.count { return raw[i + 1] }
            if argument.starts(with: prefix) { return Array(argument.dropFirst(prefix.count)) }
        }
        return Array(parsed.utf8)
    }
}
