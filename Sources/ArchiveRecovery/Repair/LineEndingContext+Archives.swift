import ArchiveCore
import KeyedArchive
import ArchiveDocuments

extension LineEndingContext {
    /// The context every repair gives a format's line-ending structure: a plist tree is a keyed archive
    /// when its header says so (`KeyedArchiveHeader`, whose `$objects` count bounds its UIDs), and a
    /// data value holds an archive when the embedded search finds one of the registry's formats in it.
    package static func archives(budget: Int) -> LineEndingContext {
        LineEndingContext(budget: budget,
                          keyedObjectCount: { tree in
                              KeyedArchiveHeader.looksKeyed(tree) ? KeyedArchiveHeader(tree: tree).objectNodeIDs.count : nil
                          },
                          holdsArchive: { bytes in EmbeddedArchive.format(of: bytes) != nil })
    }
}
