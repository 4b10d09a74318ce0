import ArchiveModel
import FuzzSupport
import Foundation

/// The few corpus files `scripts/make_sources.py` puts into its folders, ZIPs and databases, built in
/// code for a clone without `../shared`: an iMessage-style attributed body (a typedstream
/// NSMutableAttributedString) and a compiled nib (NIBArchive). With them the source tests build the
/// same sources, and expect the same archives, with or without the corpus.
public enum StandInCorpus {
    /// A folder holding the stand-ins under the corpus's own relative paths, made once per process.
    public static let folder: String? = {
        let root = NSTemporaryDirectory() + "archive-browse-stand-in-corpus-" + UUID().uuidString
        let files: [(String, [UInt8])] = [
            ("typedstream/crabstep__AttributedBodyTextOnly", attributedBody("Hello from the stand-in corpus")),
            ("nibarchive/viraptor-ibtool__StatusBar.nib", statusBarNib()),
        ]
        for (relative, bytes) in files {
            let path = root + "/" + relative
            let directory = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
            guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil,
                  FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return nil }
        }
        return root
    }()

    /// What a source fixture reads its archives from: the corpus, or else the stand-ins.
    public static var sourceFolder: String? { Corpus.root ?? folder }

    /// A little-endian typedstream of an NSMutableAttributedString over `text` with one run carrying
    /// an empty NSDictionary, as Messages stores a plain message body.
    public static func attributedBody(_ text: String) -> [UInt8] {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        _ = w.beginObject([("NSMutableAttributedString", 0), ("NSAttributedString", 0), ("NSObject", 0)])
        w.types("@")
        w.nsString(text)
        w.types("iI")
        w.int(1)
        w.int(Int128(text.utf16.count))
        w.types("@")
        _ = w.beginObject([("NSDictionary", 0), ("NSObject", 0)])
        w.types("i")
        w.int(0)
        w.endObject()
        w.endObject()
        return w.bytes
    }

    /// A NIBArchive with a root, a top-level view and its connection, as UIKit's compiler writes one.
    public static func statusBarNib() -> [UInt8] {
        var nib = NIBArchiveBuilder()
        let root = nib.reserve()
        let owner = nib.object("UIProxyObject", [("UIProxiedObjectIdentifier", .string("IBFilesOwner"))])
        let view = nib.object("UIView", [("UIBounds", .string("{{0, 0}, {320, 20}}"))])
        let top = nib.object("NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .object(owner)), ("UINibEncoderEmptyKey", .object(view))])
        let connection = nib.object("UIRuntimeOutletConnection", [("UILabel", .string("view")), ("UISource", .object(owner)), ("UIDestination", .object(view))])
        let connections = nib.object("NSArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .object(connection))])
        nib.define(root, "NSObject", [("UINibTopLevelObjectsKey", .object(top)), ("UINibConnectionsKey", .object(connections))])
        return nib.build().bytes
    }
}
