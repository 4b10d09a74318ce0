import ArchiveModel
import Foundation
import FuzzSupport
import Testing

/// Nothing a file says about itself chooses how it is read (issue 35): an archive whose own name for
/// its format (a keyed archive's `$archiver`, an IB3 archive's `type`) is another format's name reads
/// exactly as one whose name is meaningless. Each variant is compared with a baseline whose identity
/// string is as many `~` (so every byte offset is the same); the only difference allowed is the string
/// itself where it is shown.
@Suite struct FormatIdentityCLITests {
    /// Names of formats and kinds the tool knows (`archiveKind` texts, `ContainerFormat` names,
    /// signatures, writers).
    static let names = ["typedstream", "streamtyped", "plist", "NIBArchive", "bookmark", "alias record", "unreadable",
                        "IB3 XML archive", "NSArchiver", "GNUstep archive", "bplist00", "XML plist", "NSKeyedArchiver",
                        "Interface Builder 3 XML archive", "bookmark data", "keyed archive (no $archiver)"]
    static let modes: [[String]] = [["--check"], ["--dump"], ["--json"], ["--unarchive", "json"]]

    /// An NSArray of two strings and an NSDictionary of one entry, with `$archiver` `archiver`.
    static func keyedArchive(archiver: String) -> [UInt8] {
        var b = KeyedArchiveBuilder()
        b.archiver = archiver
        let alpha = b.add(.string("alpha")), beta = b.add(.string("beta"))
        let array = b.object("NSArray", [("NS.objects", .refs([alpha, beta]))])
        let key = b.add(.string("key")), seven = b.add(.int(7))
        let dict = b.object("NSDictionary", [("NS.keys", .refs([key])), ("NS.objects", .refs([seven]))])
        b.top = [("root", .ref(array)), ("dict", .ref(dict))]
        return b.buildBinary()
    }

    /// The IB3 sample archive with `type="com.apple.InterfaceBuilder3.<kind>"`.
    static func ib3Archive(kind: String) -> [UInt8] {
        let text = String(decoding: IB3ArchiveBuilder.sample().finished(), as: UTF8.self)
        return Array(text.replacingOccurrences(of: "com.apple.InterfaceBuilder3.Cocoa.XIB", with: "com.apple.InterfaceBuilder3." + kind).utf8)
    }

    /// Runs every mode on the variant and on its baseline (same file name, same length) and compares.
    static func expectSameReading(_ make: (String) -> [UInt8], file: String, names: [String] = names) throws {
        for name in names {
            let baseline = String(repeating: "~", count: name.utf8.count)
            for mode in modes {
                let path = try CLITests.temp(make(baseline), file)
                let expected = try CLITests.run(mode + [path])
                _ = try CLITests.temp(make(name), file)
                let actual = try CLITests.run(mode + [path])
                #expect(actual.status == expected.status, "\(mode) with \(name)")
                #expect(actual.out == expected.out.replacingOccurrences(of: baseline, with: name), "\(mode) with \(name)")
                #expect(actual.err == expected.err.replacingOccurrences(of: baseline, with: name), "\(mode) with \(name)")
            }
        }
    }

    @Test func theArchiverKeyChoosesNothing() throws {
        // NSKeyedArchiver itself is the one name that changes something: no keyed.archiver.unknown.
        try Self.expectSameReading(Self.keyedArchive(archiver:), file: "identity-keyed.plist", names: Self.names.filter { $0 != "NSKeyedArchiver" })
        // The case the issue found: an NSArray read as a typedstream's lost its elements.
        let path = try CLITests.temp(Self.keyedArchive(archiver: "typedstream"), "identity-typedstream.plist")
        let unarchived = try CLITests.run(["--unarchive", "json", path])
        #expect(unarchived.out.contains("\"root\":[\"alpha\",\"beta\"]"))
        let dumped = try CLITests.run(["--dump", path])
        #expect(dumped.out.contains("root = NSArray 2 items"))
        #expect(!dumped.out.contains("no count"))
    }

    @Test func theIB3TypeChoosesNothing() throws {
        try Self.expectSameReading(Self.ib3Archive(kind:), file: "identity.xib")
    }
}
