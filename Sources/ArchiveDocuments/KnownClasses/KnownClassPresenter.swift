import ArchiveCore

/// Renders known Foundation classes (collections, strings, dates, …) as values.
///
/// Dispatch is on the class name, then on the class chain (a subclass of NSArray is shown as an
/// NSArray). Unknown classes give nil and the raw fields are shown instead. Presenters never fail:
/// a malformed object is shown as far as it goes, with the problem named in the summary.
package enum KnownClassPresenter {
    /// The presentation of `object`, or nil when its class is not a known one.
    package static func present(_ object: GraphObject, in graph: any ObjectGraph) -> KnownPresentation? {
        guard let known = known(object, graph, depth: 0, wantsChildren: true) else { return nil }
        return presenter(for: known.name)?(known)
    }

    /// The known class `object` is presented as (its own class or nearest known ancestor), if any.
    package static func knownName(for object: GraphObject) -> String? {
        guard object.kind == .instance else { return nil }
        let names = [object.className].compactMap { $0 } + object.classChain.map(\.name)
        return names.first { presenter(for: $0) != nil }
    }

    /// The summary alone, for summaries nested in other summaries (children are not built).
    static func summary(of object: GraphObject, in graph: any ObjectGraph, depth: Int) -> String? {
        guard let known = known(object, graph, depth: depth, wantsChildren: false) else { return nil }
        return presenter(for: known.name)?(known)?.summary
    }

    private static func known(_ object: GraphObject, _ graph: any ObjectGraph, depth: Int, wantsChildren: Bool) -> KnownObject? {
        guard let name = knownName(for: object) else { return nil }
        return KnownObject(object: object, graph: graph, name: name, depth: depth, wantsChildren: wantsChildren)
    }

    typealias Presenter = (KnownObject) -> KnownPresentation?

    /// The presenter for a class name, one family per file.
    /// Names are compared literally: only short ASCII names can be known ones (a file's class name of
    /// one letter and 50,000 accents would cost milliseconds per `==` against each known name).
    static func presenter(for name: String) -> Presenter? {
        guard name.utf8.count <= 40, name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        return switch name {
        case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSCountedSet":
            ArrayPresenter.present
        case "NSOrderedSet", "NSMutableOrderedSet":
            OrderedSetPresenter.present
        case "NSDictionary", "NSMutableDictionary":
            DictionaryPresenter.present
        case "NSString", "NSMutableString":
            StringPresenter.present
        case "NSData", "NSMutableData":
            DataPresenter.present
        case "NSDate", "NSNull", "NSUUID", "NSLocale", "NSTimeZone":
            SimpleValuePresenter.present
        case "NSNumber", "NSValue":
            NumberValuePresenter.present
        case "NSURL":
            URLPresenter.present
        case "NSAttributedString", "NSMutableAttributedString":
            AttributedStringPresenter.present
        case "NSColor", "UIColor":
            ColorPresenter.present
        case "NSFont", "UIFont":
            FontPresenter.present
        case "NSError", "NSNotification":
            ErrorPresenter.present
        case "NSIndexSet", "NSMutableIndexSet", "NSIndexPath":
            IndexPresenter.present
        case "UIRuntimeOutletConnection", "UIRuntimeOutletCollectionConnection", "UIRuntimeEventConnection",
             "NSNibOutletConnector", "NSNibControlConnector", "NSNibAuxiliaryActionConnector", "NSNibBindingConnector",
             "NSNibConnector", "IBOutletConnection", "IBActionConnection", "IBBindingConnection",
             "IBCocoaTouchOutletConnection", "IBCocoaTouchEventConnection":
            ConnectionPresenter.present
        case "IBConnectionRecord":
            ConnectionPresenter.record
        default:
            nil
        }
    }
}
