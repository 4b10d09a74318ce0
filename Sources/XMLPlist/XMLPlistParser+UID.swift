import ArchiveCore

extension XMLPlistParser {
    /// The rest of a `<dict>` whose opening tag ends at `start` when it is exactly a clean UID reference
    /// (`<key>CF$UID</key><integer>n</integer></dict>`, whitespace between, n of 1 to 9 digits): the
    /// UID and where the dict ends. A keyed archive is mostly these; reading one in one step gives the
    /// node the general path would (it reports nothing for them) without a frame or a token per tag.
    func cleanUIDDict(at start: Int) -> (uid: UInt32, end: Int)? {
        var i = skipSpace(start)
        guard reader.matchesShort("<key>CF$UID</key>", at: i) else { return nil }
        i = skipSpace(i + 17)
        guard reader.matchesShort("<integer>", at: i) else { return nil }
        i += 9
        let digitsStart = i
        var value: UInt32 = 0
        while i < buffer.count, i - digitsStart < 10 {
            let b = buffer[i]
            guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { break }
            value = value &* 10 &+ UInt32(b - UInt8(ascii: "0"))
            i += 1
        }
        guard i > digitsStart, i - digitsStart <= 9, reader.matchesShort("</integer>", at: i) else { return nil }
        i = skipSpace(i + 10)
        guard reader.matchesShort("</dict>", at: i) else { return nil }
        return (value, i + 7)
    }

    private func skipSpace(_ from: Int) -> Int {
        var i = from
        while i < buffer.count, isSpace(buffer[i]) { i += 1 }
        return i
    }
}
