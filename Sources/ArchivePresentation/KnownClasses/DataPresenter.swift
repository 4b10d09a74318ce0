import ArchiveCore
import Bookmark

/// NSData, NSMutableData.
///
/// Keyed: NSData is a bare data value; NSMutableData is an object with `NS.data` = inline data
/// (`NS.bytes` accepted on decode) (FORMATS.md C.6). typedstream: an `i` length, then `[Nc]` bytes (D.7).
package enum DataPresenter {
    static func present(_ k: KnownObject) -> KnownPresentation? {
        guard let bytes = bytes(of: k.object, in: k.graph) else {
            return KnownPresentation(summary: k.name + (k.isTyped ? ", no bytes" : ", NS.data missing"))
        }
        var summary = dataSummary(bytes)
        if k.isTyped, let declared = k.typedValues.first(where: \.isInteger)?.integer, declared != Int128(bytes.count) {
            summary += " (length says \(declared))"
        }
        return KnownPresentation(summary: summary)
    }

    /// `ValueFormatter.summary`, with data that holds a bookmark or alias record summarised as one.
    static func valueSummary(_ value: ScalarValue) -> String {
        if case .data(let bytes) = value { return dataSummary(bytes) }
        return ValueFormatter.summary(value)
    }

    /// `980 bytes, bookmark: /Applications/Syncthing.app on "Macintosh HD" (/), created …` for bookmark
    /// data or an alias record (`BookmarkFormat.summary(of:)`), else `N bytes <hex…>`.
    static func dataSummary(_ bytes: [UInt8]) -> String {
        guard let line = BookmarkFormat.summary(of: bytes) else { return ValueFormatter.dataSummary(bytes) }
        return ValueFormatter.byteCount(bytes.count) + ", " + line
    }

    /// The bytes of a data object: a bare data value, or an NSData/NSMutableData instance.
    /// Follows at most one reference (a keyed `NS.data` stored as a UID).
    package static func bytes(of object: GraphObject, in graph: any ObjectGraph) -> [UInt8]? {
        switch object.kind {
        case .value:
            if case .data(let d) = object.value { return d }
            return nil
        case .instance:
            guard isData(object) else { return nil }
            if KnownObject.isTypedstream(object, in: graph) {
                return typedBytes(object)
            }
            return keyedBytes(object, graph)
        default:
            return nil
        }
    }

    static func isData(_ object: GraphObject) -> Bool { FoundationClassFamily.isData(object) }

    private static func keyedBytes(_ object: GraphObject, _ graph: any ObjectGraph) -> [UInt8]? {
        for key in ["NS.data", "NS.bytes"] {
            switch object.field(key)?.value {
            case .scalar(.data(let d)): return d
            case .reference(.object(let id)) where id >= 0 && id < graph.objectCount:
                if case .data(let d) = graph.object(id).value { return d }
            default: continue
            }
        }
        return nil
    }

    private static func typedBytes(_ object: GraphObject) -> [UInt8]? {
        for v in TypedValues.flatten(object.fields) where v.type.hasPrefix("[") || v.type == "+" {
            switch v.value {
            case .scalar(.data(let d)): return d
            case .scalar(.string(let s)): return Array(s.utf8)
            case .list(let items):
                return items.map { if case .scalar(let s) = $0, let i = s.integerValue { UInt8(truncatingIfNeeded: i) } else { 0 } }
            default: continue
            }
        }
        // An empty NSData may store only its length.
        return TypedValues.flatten(object.fields).first.flatMap { $0.isInteger && $0.integer == 0 ? [] : nil }
    }
}
