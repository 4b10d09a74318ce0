import ArchiveModel

/// The export tests' keyed archive of a library, shared by the model's tests and the writers' golden
/// files (one fixture, one place): two books sharing an author, each pointing back at the library (a
/// cycle), a dictionary, a set, a date, data, a UUID and keys that start with `$`.
public enum LibraryFixture {
    /// `awkwardValues` adds what writers must escape or stand in for: markup in a string, 0.1 and
    /// `Int64.min`, NaN and an infinity, and a UID past `$objects`.
    public static func library(awkwardValues: Bool = false) -> [UInt8] {
        var a = KeyedArchiveBuilder()
        let library = a.reserve()
        let author = a.object("Author", [("name", .string("Le Guin"))])
        let title1 = a.add(.string("Earthsea")), title2 = a.add(.string("The Dispossessed"))
        let date = a.object("NSDate", [("NS.time", .real(-1009843200.5))])
        let book1 = a.object("Book", [("title", .ref(title1)), ("author", .ref(author)), ("library", .ref(library)), ("published", .ref(date))])
        let book2 = a.object("Book", [("title", .ref(title2)), ("author", .ref(author)), ("library", .ref(library))])
        let books = a.object("NSMutableArray", superclasses: ["NSArray", "NSObject"], [("NS.objects", .refs([book1, book2]))])
        let k1 = a.add(.string("fantasy")), k2 = a.add(.string("has.dot")), v1 = a.add(.int(3)), v2 = a.add(.bool(true))
        let dictionary = a.object("NSDictionary", [("NS.keys", .refs([k1, k2])), ("NS.objects", .refs([v1, v2]))])
        let tag1 = a.add(.string("classic")), tag2 = a.add(.string("sf"))
        let tags = a.object("NSSet", [("NS.objects", .refs([tag1, tag2]))])
        let uuid = a.object("NSUUID", [("NS.uuidbytes", .data(Array(0..<16)))])
        let null = a.object("NSNull", [])
        var fields: [(String, KeyedArchiveBuilder.Value)] = [
            ("name", .string(awkwardValues ? "Demo <&>" : "Demo")), ("books", .ref(books)), ("counts", .ref(dictionary)),
            ("tags", .ref(tags)), ("id", .ref(uuid)), ("cover", .data([1, 2, 3])), ("nothing", .ref(null)), ("closed", .ref(0)),
            ("$$isbn", .string("0-395")), ("$0", .int(42)),
        ]
        if awkwardValues {
            let real = a.add(.real(0.1)), big = a.add(.int(Int64.min))
            fields += [("ratio", .ref(real)), ("min", .ref(big)), ("nan", .real(.nan)), ("inf", .real(-.infinity)), ("dangling", .rawUID(999))]
        }
        a.set(library, .object(classID: a.classID("Library"), fields: fields))
        a.top = [("root", .ref(library))]
        return a.buildBinary()
    }
}
