/// What a graph was read as: the model of the detected format, fixed by detection and by the graph's
/// own type. Anything that chooses how to read or present objects branches on this, never on
/// `ObjectGraph.archiveKind`, which is display text and may be the file's own words (a keyed archive's
/// `$archiver`, an IB3 archive's `type`): a file must not choose which reader reads it.
public enum GraphKind: Sendable, Hashable {
    /// NSKeyedArchiver semantics over a property list (`KeyedArchiveGraph`).
    case keyedArchive
    /// A property list that is not an archive (`PlistObjectGraph`).
    case plainPlist
    /// An NSArchiver typedstream (`TypedstreamGraph`).
    case typedstream
    /// A compiled NIBArchive nib (`NIBArchiveGraph`).
    case nibArchive
    /// An Interface Builder 3 XML archive (`IB3XMLGraph`).
    case ib3Archive
    /// Bookmark data or an alias record (`BookmarkGraph`): a record's parts, not an archive's objects.
    case bookmark
    /// An input this tool does not decode (`UnreadableGraph`).
    case unreadable

    /// Whether values are read back through NSCoder's keyed methods (`decodeInt32:forKey:` …), so the
    /// coercions of a scalar mean something: keyed archives, nibs (UINibDecoder) and IB3 archives
    /// (IB's keyed XML coder).
    package var usesKeyedCoder: Bool {
        switch self {
        case .keyedArchive, .nibArchive, .ib3Archive: true
        case .plainPlist, .typedstream, .bookmark, .unreadable: false
        }
    }

    /// Whether the format's name says all there is to say of the graph's kind, so headers name the
    /// container alone ("typedstream", not "typedstream typedstream"; "bookmark data", not "bookmark
    /// data bookmark"); a keyed archive and an IB3 archive add their `archiveKind`, a plain plist
    /// "plist" where the container's name does not say it ("bplist00 plist", "XML plist").
    package var isNamedByContainer: Bool {
        switch self {
        case .keyedArchive, .ib3Archive, .plainPlist: false
        case .typedstream, .nibArchive, .bookmark, .unreadable: true
        }
    }
}
