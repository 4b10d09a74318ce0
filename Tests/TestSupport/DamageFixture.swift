import ArchiveModel

/// The keyed archive the damage tests corrupt: `count` Person objects in an NSArray, whose bytes
/// include CR, LF and CR LF pairs (in strings and data), offsets and references of every low byte,
/// and bytes of 0x80 and more, so that every line-ending and re-encoding signature has bytes to act on.
public enum DamageFixture {
    public static func people(_ count: Int) -> [UInt8] {
        var b = KeyedArchiveBuilder()
        var people: [Int] = []
        for i in 0..<count {
            people.append(b.object("Person", [
                ("name", .string("person \(i)\r\nline two")),
                ("age", .int(Int64(i * 37 % 200))),
                ("photo", .data([0x89, 0x0D, 0x0A, 0xC8, UInt8(i), 0xFF, 0x00, 0x7F, 0x80 | UInt8(i % 64)])),
            ]))
        }
        let array = b.object("NSArray", [("NS.objects", .refs(people))])
        b.top = [("root", .ref(array))]
        return b.buildBinary()
    }
}
