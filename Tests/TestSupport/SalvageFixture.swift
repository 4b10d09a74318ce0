import ArchiveModel

/// Inputs the salvage and merge-conflict tests (model and command line) share, built in code.
public enum SalvageFixture {
    /// A plain binary plist: `{name: "x", when: <date t>, list: [<date t>, 1]}`.
    public static func plainWithDate(_ t: Double) -> [UInt8] {
        var b = BinaryPlistBuilder()
        let root = b.add(.null)
        let name = b.add(.string("name")), x = b.add(.string("x")), when = b.add(.string("when")), date = b.add(.date(t))
        let list = b.add(.string("list")), one = b.add(.integer(1)), array = b.add(.array([b.add(.date(t)), one]))
        b.objects[root] = .dict([(name, x), (when, date), (list, array)])
        b.topObject = root
        return b.build().bytes
    }

    /// A keyed archive whose root `Event` refers to a date entry (#1) of `t` seconds and holds another inline.
    public static func keyedWithDate(_ t: Double) -> [UInt8] {
        var b = BinaryPlistBuilder()
        let root = b.add(.null)
        let null = b.add(.string("$null")), date = b.add(.date(t))
        let event = b.add(.dict([(b.add(.string("$class")), b.add(.uid(3))), (b.add(.string("start")), b.add(.uid(1))),
                                 (b.add(.string("end")), b.add(.date(t))), (b.add(.string("title")), b.add(.string("launch")))]))
        let cls = b.add(.dict([(b.add(.string("$classname")), b.add(.string("Event"))),
                               (b.add(.string("$classes")), b.add(.array([b.add(.string("Event")), b.add(.string("NSObject"))])))]))
        let objects = b.add(.array([null, date, event, cls]))
        let top = b.add(.dict([(b.add(.string("root")), b.add(.uid(2)))]))
        b.objects[root] = .dict([(b.add(.string("$archiver")), b.add(.string("NSKeyedArchiver"))), (b.add(.string("$version")), b.add(.integer(100_000))),
                                 (b.add(.string("$top")), top), (b.add(.string("$objects")), objects)])
        b.topObject = root
        return b.build().bytes
    }

    /// A keyed archive whose root is an `NSSet` of `members` strings (`dangling`: each reference out of range).
    public static func set(_ members: Int, dangling: Bool) -> [UInt8] {
        var b = KeyedArchiveBuilder()
        let ids = dangling ? (0..<members).map { 900 + $0 } : (0..<members).map { b.add(.string("member \($0)")) }
        let set = b.object("NSSet", [("NS.objects", .refs(ids))])
        b.top = [("root", .ref(set))]
        return b.buildBinary()
    }

    // MARK: merge conflicts

    public static let xmlHead = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
        + "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n\t<key>Name</key>\n"
    public static let xmlTail = "</dict>\n</plist>\n"
    public static let ours = "\t<string>Ours</string>\n"
    public static let theirs = "\t<string>Theirs</string>\n\t<key>Extra</key>\n\t<integer>3</integer>\n"
    /// Lines 1–5 the head, 6 `<<<<<<< HEAD`, 7 ours, 8 `=======`, 9–11 theirs, 12 `>>>>>>> feature`.
    public static let conflicted = xmlHead + "<<<<<<< HEAD\n" + ours + "=======\n" + theirs + ">>>>>>> feature\n" + xmlTail
    /// The same with the common ancestor (merge.conflictStyle diff3): line 8 `|||||||`, 9 the base, 10 `=======`, 11–13 theirs.
    public static let diff3 = xmlHead + "<<<<<<< HEAD\n" + ours + "||||||| merged common ancestors\n\t<string>Base</string>\n=======\n" + theirs
        + ">>>>>>> feature\n" + xmlTail
}
