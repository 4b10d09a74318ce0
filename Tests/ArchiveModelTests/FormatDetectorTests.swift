import Testing
@testable import ArchiveModel

@Suite struct FormatDetectorTests {
    static let cases: [([UInt8], ContainerFormat)] = [
        (Array("bplist00".utf8) + [UInt8](repeating: 0, count: 40), ContainerFormat.binaryPlist),
        (Array("bplist15xx".utf8), ContainerFormat.binaryPlistVariant(version: "15")),
        (Array("<?xml version=\"1.0\"?><plist/>".utf8), ContainerFormat.xmlPlist),
        (Array("  <plist version=\"1.0\"></plist>".utf8), ContainerFormat.xmlPlist),
        (Array("{ a = b; }".utf8), ContainerFormat.openStepPlist),
        (Array("// !$*UTF8*$!\n{".utf8), ContainerFormat.openStepPlist),
        ([0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03], ContainerFormat.typedstream(bigEndian: false)),
        ([0x04, 0x0B] + Array("typedstream".utf8) + [0x81, 0x03, 0xE8], ContainerFormat.typedstream(bigEndian: true)),
        (Array("NIBArchive".utf8) + [1, 0, 0, 0], ContainerFormat.nibArchive),
        ([0x00, 0x01, 0x02, 0xFF], ContainerFormat.unknown),
        ([], ContainerFormat.empty),
        (Array("bpli".utf8), ContainerFormat.binaryPlist),
        (Array("=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict/></plist>".utf8), ContainerFormat.xmlPlist),
        (Array("{ a = \"<dict>\"; }".utf8), ContainerFormat.openStepPlist),
    ]

    @Test(arguments: cases)
    func detects(bytes: [UInt8], expected: ContainerFormat) {
        #expect(FormatDetector.detect(InputBytes(bytes)) == expected)
    }

    @Test func describesPrefixEscaped() {
        let text = InputBytes([0x1B, 0x41, 0x00]).prefixDescription()
        #expect(text == "1b 41 00  |.A.|")
    }
}
