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
    /// Names of formats and kinds the tool knows: every registry format's names (`ContainerFormat`'s
    /// description, short and `--json` names), the graphs' `archiveKind` texts, signatures and writers.
    /// Names that a container would have to escape (quotes, markup) are left out, so every variant has
    /// the byte offsets of its baseline.
    static let names: [String] = {
        let formats: [ContainerFormat] = [.binaryPlist, .binaryPlistVariant(version: "15"), .xmlPlist, .openStepPlist,
                                          .typedstream(bigEndian: true), .typedstream(bigEndian: false), .nibArchive, .ib3Archive,
                                          .interfaceBuilderDocument, .gnustepArchive, .bookmark(alias: false), .bookmark(alias: true)]
            + AppleFormat.allCases.map { .apple($0) }
        let registry = formats.flatMap { [$0.description, $0.shortName, $0.jsonName] }
        let others = ["typedstream", "streamtyped", "plist", "NIBArchive", "bookmark", "alias record", "unreadable", "IB3 XML archive",
                      "NSArchiver", "GNUstep archive", "bplist00", "NSKeyedArchiver", "keyed archive (no $archiver)",
                      "com.apple.InterfaceBuilder3.Cocoa.XIB", "1.0"]
        var seen = Set<String>()
        return (registry + others).filter { name in
            !name.contains { "\"<>&\\".contains($0) } && seen.insert(name).inserted
        }
    }()

    /// The identity strings each registry format's files carry, as samples that set them all to a
    /// name, with the names that mean something to the format itself (`NSKeyedArchiver` is the one
    /// `$archiver` that raises no `keyed.archiver.unknown`); a format whose only identity is its
    /// signature (which detection defines) says so. A format added to the registry must be listed
    /// (`everyRegistryFormatIsCovered`).
    static let carriers: [String: [(file: String, make: @Sendable (String) -> [UInt8], meaningful: [String])]] = [
        "BinaryPlistFormat": [("identity-keyed.plist", keyedArchive(archiver:), ["NSKeyedArchiver"])],
        "XMLPlistFormat": [("identity-keyed-xml.plist", xmlKeyedArchive(name:), ["NSKeyedArchiver"])],
        "OpenStepPlistFormat": [("identity-keyed-openstep.plist", openStepKeyedArchive(name:), ["NSKeyedArchiver"])],
        "IB3XMLFormat": [("identity.xib", ib3Archive(name:), [])],
    ]

    /// Formats whose files carry no identity string of their own beyond the signature.
    static let signatureOnly: [String: String] = [
        "TypedstreamFormat": "the header is a version byte, the signature (which decides the byte order) and a system version number",
        "NIBArchiveFormat": "the header is the signature and two version numbers",
        "BookmarkFormat": "bookmark data's header and an alias record's fields hold numbers, not a format name",
        "RecognisedFormat": "not decoded: the signature alone names it",
    ]
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

    /// The IB3 sample archive with `type="com.apple.InterfaceBuilder3.<name>"` (the prefix is the
    /// detection the format defines) and `version="<name>"`.
    static func ib3Archive(name: String) -> [UInt8] {
        let text = String(decoding: ib3Archive(kind: name), as: UTF8.self)
        return Array(text.replacingOccurrences(of: "version=\"7.10\"", with: "version=\"\(name)\"").utf8)
    }

    /// `keyedArchive(archiver:)`'s NSArray as an XML plist whose `$archiver` and `<plist version>` are `name`.
    static func xmlKeyedArchive(name: String) -> [UInt8] {
        let uid = { (n: Int) in "<dict><key>CF$UID</key><integer>\(n)</integer></dict>" }
        return Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"\(name)\">\n<dict>"
            + "<key>$archiver</key><string>\(name)</string><key>$objects</key><array><string>$null</string>"
            + "<dict><key>$class</key>\(uid(4))<key>NS.objects</key><array>\(uid(2))\(uid(3))</array></dict>"
            + "<string>alpha</string><string>beta</string>"
            + "<dict><key>$classes</key><array><string>NSArray</string><string>NSObject</string></array>"
            + "<key>$classname</key><string>NSArray</string></dict></array>"
            + "<key>$top</key><dict><key>root</key>\(uid(1))</dict><key>$version</key><integer>100000</integer></dict>\n</plist>\n").utf8)
    }

    /// The same archive as an OpenStep plist whose `$archiver` is `name`.
    static func openStepKeyedArchive(name: String) -> [UInt8] {
        Array(("{\n    \"$archiver\" = \"\(name)\";\n    \"$objects\" = (\"$null\", { \"$class\" = { \"CF$UID\" = 4; }; "
            + "\"NS.objects\" = ({ \"CF$UID\" = 2; }, { \"CF$UID\" = 3; }); }, alpha, beta, "
            + "{ \"$classes\" = (NSArray, NSObject); \"$classname\" = NSArray; });\n"
            + "    \"$top\" = { root = { \"CF$UID\" = 1; }; };\n    \"$version\" = 100000;\n}\n").utf8)
    }

    /// Runs every mode on the variant and on its baseline (same file name, same length) and compares.
    static func expectSameReading(_ make: (String) -> [UInt8], file: String, names: [String] = names) throws {
        var baselines: [String: [(status: Int32, out: String, err: String)]] = [:]
        for name in names {
            let baseline = String(repeating: "~", count: name.utf8.count)
            if baselines[baseline] == nil {
                let path = try CLITests.temp(make(baseline), file)
                baselines[baseline] = try modes.map { try CLITests.run($0 + [path]) }.map { ($0.status, $0.out, $0.err) }
            }
            let path = try CLITests.temp(make(name), file)
            for (mode, expected) in zip(modes, baselines[baseline] ?? []) {
                let actual = try CLITests.run(mode + [path])
                #expect(actual.status == expected.status, "\(file) \(mode) with \(name)")
                #expect(actual.out == substituted(expected.out, baseline, name), "\(file) \(mode) with \(name)")
                #expect(actual.err == substituted(expected.err, baseline, name), "\(file) \(mode) with \(name)")
            }
        }
    }

    /// `text` with every display of `baseline` (a run of `~`) as `name`'s: whole, or cut short with
    /// `…` where a display cuts a long text (the first as many characters of `name`).
    static func substituted(_ text: String, _ baseline: String, _ name: String) -> String {
        var out = ""
        var characters = Substring(text)
        while let tilde = characters.firstIndex(of: "~") {
            out += characters[..<tilde]
            let run = characters[tilde...].prefix { $0 == "~" }
            let rest = characters[run.endIndex...]
            if run.count == baseline.count { out += name } else if rest.first == "…" { out += name.prefix(run.count) } else { out += run }
            characters = rest
        }
        return out + characters
    }

    @Test func everyRegistryFormatIsCovered() {
        for descriptor in FormatRegistry.descriptors {
            let name = String(describing: type(of: descriptor))
            #expect((Self.carriers[name] != nil) != (Self.signatureOnly[name] != nil), "\(name): list its identity strings or say it has none")
        }
    }

    /// Every identity string of every registry format that has one, set to each format's names.
    @Test(arguments: carriers.keys.sorted())
    func noIdentityStringChoosesAReader(format: String) throws {
        for carrier in Self.carriers[format] ?? [] {
            try Self.expectSameReading(carrier.make, file: carrier.file, names: Self.names.filter { !carrier.meaningful.contains($0) })
        }
    }

    @Test func theArchiverKeyChoosesNothing() throws {
        // The case the issue found: an NSArray read as a typedstream's lost its elements.
        let path = try CLITests.temp(Self.keyedArchive(archiver: "typedstream"), "identity-typedstream.plist")
        let unarchived = try CLITests.run(["--unarchive", "json", path])
        #expect(unarchived.out.contains("\"root\":[\"alpha\",\"beta\"]"))
        let dumped = try CLITests.run(["--dump", path])
        #expect(dumped.out.contains("root = NSArray 2 items"))
        #expect(!dumped.out.contains("no count"))
    }

}
