import ArchiveModel
import FuzzSupport
import Testing
@testable import TUI

/// How the browser names what it shows: the status line's format name (the container, and a keyed
/// archive's or IB3 archive's own kind beside it, each word once: a standalone bookmark read
/// "bookmark data bookmark"), and an IB3 object with its `id` (issue 36).
@Suite struct StatusLineFormatNameTests {
    static func graph(_ bytes: [UInt8]) -> any ObjectGraph { ArchiveDocument.open(InputBytes(bytes), name: "t").graph }

    @Test func eachKindIsNamedOnce() {
        #expect(StatusLine.formatName(Self.graph(BookmarkBuilder.sample().build().bytes)) == "bookmark data")
        #expect(StatusLine.formatName(Self.graph(Array("<plist><array/></plist>".utf8))) == "XML plist")
        #expect(StatusLine.formatName(Self.graph(IB3ArchiveBuilder.sample().finished()))
                == "Interface Builder 3 XML archive type com.apple.InterfaceBuilder3.Cocoa.XIB version 7.10")
    }

    /// A keyed archive's `$archiver` is shown as it is, whatever it says, beside the container.
    @Test func theArchiverIsShownNotTrusted() {
        for archiver in ["NSKeyedArchiver", "typedstream", "plist"] {
            var b = KeyedArchiveBuilder()
            b.archiver = archiver
            b.top = [("root", .ref(b.add(.string("x"))))]
            #expect(StatusLine.formatName(Self.graph(b.buildBinary())) == "bplist00 " + archiver)
        }
        let xml = "<plist><dict><key>$archiver</key><string>plist</string><key>$top</key><dict/><key>$objects</key><array/></dict></plist>"
        #expect(StatusLine.formatName(Self.graph(Array(xml.utf8))) == "XML plist plist")
    }

    /// The detail pane names an IB3 object with the id IB gave it, which `ref` attributes name.
    @Test func theDetailPaneShowsAnIB3ObjectsID() {
        let graph = Self.graph(IB3ArchiveBuilder.sample().finished())
        let text = Headless.render(graph: graph, fileName: "x.xib", cols: 100, rows: 30, keys: "jjjd")
        #expect(text.contains("object #4 id=\"1000\""), "\(text)")
    }
}
