/// Everything the run loop needs from a terminal. `TerminalSeam` implements it with ncursesw;
/// tests implement it with a script of keys and a list of presented screens.
public protocol Terminal: AnyObject {
    /// Current size in cells.
    var size: (cols: Int, rows: Int) { get }
    /// The next key, waiting at most `timeoutMilliseconds` (negative: wait forever); nil on timeout.
    func nextKey(timeoutMilliseconds: Int) -> Key?
    /// Shows `screen`.
    func present(_ screen: ScreenBuffer)
    /// Copies `text` to the terminal's clipboard (OSC 52).
    func yank(_ text: String)
    /// Puts the terminal back as it was. Safe to call more than once.
    func restore()
}

/// OSC 52 clipboard sequences: the payload is base64, so raw text from the file cannot inject escapes.
public enum OSC52 {
    /// `ESC ] 52 ; c ; <base64> BEL`.
    public static func sequence(for text: String) -> String {
        "\u{1B}]52;c;" + base64(Array(text.utf8)) + "\u{07}"
    }

    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")

    /// Standard base64 with `=` padding.
    public static func base64(_ bytes: [UInt8]) -> String {
        var out = ""
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = UInt32(bytes[i])
            let b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0
            let b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
            let n = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(i + 1 < bytes.count ? alphabet[Int(n >> 6 & 63)] : "=")
            out.append(i + 2 < bytes.count ? alphabet[Int(n & 63)] : "=")
            i += 3
        }
        return out
    }
}
