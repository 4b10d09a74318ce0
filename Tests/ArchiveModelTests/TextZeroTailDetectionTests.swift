import Testing
@testable import ArchiveModel
@testable import KeyedArchive
@testable import IB3XML
@testable import ArchiveCore

/// Issue 38, defect 4: a text archive is known by its head however much of it was zero-filled, and a
/// file of whitespace alone is the OpenStep empty dictionary CF reads, not an unknown format.
@Suite struct TextZeroTailDetectionTests {
    /// The head of an Xcode project file, 131 bytes, as the one in the report.
    static let projectHead: [UInt8] = {
        var text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 46;\n\tobjects = {\n\n/* Begin PBXBuildFile section */\n"
        while text.utf8.count < 131 { text += " " }
        return Array(text.utf8.prefix(131))
    }()

    @Test(arguments: [0, 100, 5_800, 217_542])
    func aZeroFilledTailKeepsTheTextFormat(zeros: Int) {
        let bytes = Self.projectHead + [UInt8](repeating: 0, count: zeros)
        #expect(FormatDetector.detect(InputBytes(bytes)) == .openStepPlist)
    }

    @Test func theZerosAreNamedAsTheDamage() {
        let bytes = Self.projectHead + [UInt8](repeating: 0, count: 217_542)
        let document = ArchiveDocument.open(InputBytes(bytes), name: "project.pbxproj")
        #expect(document.format == .openStepPlist)
        let ids = DocumentCheck.fullCheck(of: document).map(\.id)
        #expect(ids.contains("damage.zero-filled"), "\(ids.prefix(5))")
        #expect(!ids.contains("format.file.unknown"))
    }

    /// Text followed by a NUL and more data is not a zero-filled text file: binary formats that start
    /// with a word (SQLite's header) stay unknown.
    @Test func textThenNULThenDataIsNotText() {
        let sqlite = Array("SQLite format 3".utf8) + [0, 0x10, 0x00, 0x01, 0x01] + [UInt8](repeating: 7, count: 600)
        #expect(FormatDetector.detect(InputBytes(sqlite)) == .unknown)
        let tailData = Self.projectHead + [0, 0, 0, 0x41] + [UInt8](repeating: 0, count: 1000)
        #expect(FormatDetector.detect(InputBytes(tailData)) == .unknown)
        #expect(!TextShape.hasZeroFilledTail(InputBytes([0, 0, 1]), from: 0))
        #expect(TextShape.hasZeroFilledTail(InputBytes([0x41] + [UInt8](repeating: 0, count: 200_000)), from: 1))
    }

    @Test(arguments: ["  \n\t ", "\n", "\u{FEFF}  \r\n"])
    func whitespaceOnlyIsTheOpenStepEmptyDictionary(text: String) {
        let document = ArchiveDocument.open(InputBytes(Array(text.utf8)), name: "blank")
        #expect(document.format == .openStepPlist)
        let ids = DocumentCheck.fullCheck(of: document).map(\.id)
        #expect(ids == ["openstep.root.whitespace-only"])
    }
}
