import TUI

/// How the render fuzz target reads its bytes: a document, then a key script, then one control byte.
///
///     [document bytes …][key bytes (n of them)][control byte]
///
/// The low six bits of the control byte give n, the number of key bytes before it (clamped to what
/// the input holds). With n = 0 the session is the fixed one (`RenderFuzzing.segments`), which visits
/// every pane once; otherwise each key byte is one key (`key(for:)`), so libFuzzer mutates what the
/// user presses as well as the file. Seeds are files followed by a zero byte (fuzz.sh appends it), so a
/// seed opens whole and runs the fixed session. Reading parameters from the end of the input is the
/// convention of LLVM's FuzzedDataProvider.
public struct RenderFuzzInput: Sendable {
    /// The bytes opened as the document.
    public let document: [UInt8]
    /// The keys pressed in order, or nil for the fixed session.
    public let keys: [Key]?

    /// The most key bytes an input can carry (the control byte's low six bits).
    public static let maxKeys = 63

    /// Splits `bytes` as described above. An empty input is an empty document and the fixed session.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let control = bytes.last else {
            document = []
            keys = nil
            return
        }
        let available = bytes.count - 1
        let n = Swift.min(Int(control) & Self.maxKeys, available)
        document = Array(bytes[0..<(available - n)])
        keys = n == 0 ? nil : bytes[(available - n)..<available].map(Self.key(for:))
    }

    /// Convenience for tests: splits an array.
    public init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { RenderFuzzInput($0) }
    }

    /// An input that opens `document` and presses `keyBytes` (at most `maxKeys` of them are used).
    public static func encode(document: [UInt8], keyBytes: [UInt8]) -> [UInt8] {
        let keys = keyBytes.prefix(maxKeys)
        return document + keys + [UInt8(keys.count)]
    }

    /// The key one byte stands for: every key of the key table (`Keymap`, Ctrl-C left out, since it only
    /// ends the session), terminal events (resizes, the wheel, clicks and double clicks on rows), a few
    /// characters a prompt must show escaped or wide, and printable ASCII for the rest (what searches and
    /// go-to prompts are typed with).
    public static func key(for byte: UInt8) -> Key {
        let b = Int(byte)
        if b < keyTable.count { return keyTable[b] }
        switch byte {
        case 0xF0...0xFF: return .mouse(MouseEvent(.doubleClick, row: 2 * (b & 0x0F), column: 6))
        case 0xE0...0xEF: return .mouse(MouseEvent(.click, row: 2 * (b & 0x0F), column: 6))
        case 0xD8...0xDF: return .char(promptCharacters[b - 0xD8])
        default: return .char(Character(Unicode.Scalar(UInt8(0x20 + (b - keyTable.count) % 95))))
        }
    }

    /// Keys bytes 0..<keyTable.count stand for, in the key table's order: a binding added to `Keymap`
    /// shifts what later bytes mean, so a saved corpus then replays other keys (still valid inputs).
    static let keyTable: [Key] = {
        var keys: [Key] = []
        for binding in Keymap.bindings {
            for key in binding.keys where key != .ctrl("c") && !keys.contains(key) { keys.append(key) }
        }
        keys += [.resize(cols: 40, rows: 10), .resize(cols: 6, rows: 3), .resize(cols: 100, rows: 30),
                 .resize(cols: 1, rows: 1), .resize(cols: 250, rows: 70),
                 .mouse(MouseEvent(.wheelUp)), .mouse(MouseEvent(.wheelDown)), .delete, .ctrl("@")]
        return keys
    }()

    /// Characters typed into prompts that must reach the screen escaped (bidi override, zero width space)
    /// or laid out by width (accents, wide and emoji clusters).
    static let promptCharacters: [Character] = ["é", "e\u{301}", "中", "\u{202E}", "\u{200B}", "👍🏽", "#", "\u{85}"]
}
