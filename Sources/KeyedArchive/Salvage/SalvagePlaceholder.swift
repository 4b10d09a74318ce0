import ArchiveCore

/// What stands in a salvaged keyed archive for an object that does not decode: an
/// `NSMutableDictionary` (class chain `NSMutableDictionary, NSDictionary, NSObject`, which Apple's and
/// Linux Foundation's `NSKeyedUnarchiver` both decode; neither falls back along `$classes` to a known
/// class, so a class of its own would not load) whose entries say what it replaces:
///
/// | key | value |
/// |---|---|
/// | `salvagedBy` | `"archive-browse"` |
/// | `placeholderFor` | the object id (`$objects` index) it replaces |
/// | `offset`, `length` | where the unreadable object's bytes were, when known (in the repaired input) |
/// | `reason` | why it was replaced, in words |
///
/// It keeps the object's id, so every reference to it still leads to it. A value other readers refuse
/// (`ReaderLimits`) inside an object gets a placeholder entry of its own, appended after the input's,
/// its key referring to it (`placeholderFor` is then the object holding the key). In a plain plist
/// the same dictionary stands in place of the value itself, `placeholderFor` its node id.
package enum SalvagePlaceholder {
    /// The placeholder's class name.
    package static let className = "NSMutableDictionary"
    /// Its `$classes`.
    package static let classChain = ["NSMutableDictionary", "NSDictionary", "NSObject"]
    /// The value of its `salvagedBy` key.
    package static let marker = "archive-browse"

    /// The entries, in the order written.
    static func entries(object: Int, range: ByteRange?, reason: String) -> [(String, BinaryPlistBuilder.Object)] {
        var entries: [(String, BinaryPlistBuilder.Object)] = [("salvagedBy", .string(marker)), ("placeholderFor", .integer(Int64(object)))]
        if let range {
            entries.append(("offset", .integer(Int64(range.start))))
            entries.append(("length", .integer(Int64(range.count))))
        }
        entries.append(("reason", .string(reason)))
        return entries
    }
}
