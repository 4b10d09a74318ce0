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

    /// The summary alone, for summaries nested in other summaries (children are not built).
    static func summary(of object: GraphObject, in graph: any ObjectGraph, depth: Int) -> String? {
        guard let known = known(object, graph, depth: depth, wantsChildren: false) else { return nil }
        return presenter(for: known.name)?(known)?.summary
    }

    private static func known(_ object: GraphObject, _ graph: any ObjectGraph, depth: Int, wantsChildren: Bool) -> KnownObject? {
        // Its own class or nearest known ancestor.
        guard let name = FoundationClassFamily.known(object)?.name else { return nil }
        return KnownObject(object: object, graph: graph, name: name, depth: depth, wantsChildren: wantsChildren)
    }

    typealias Presenter = (KnownObject) -> KnownPresentation?

    /// The presenter for a class name, one family per file (`FoundationClassFamily` says which names
    /// are known and which family each is).
    static func presenter(for name: String) -> Presenter? {
        guard let family = FoundationClassFamily(className: name) else { return nil }
        return switch family {
        case .array: ArrayPresenter.present
        case .orderedSet: OrderedSetPresenter.present
        case .dictionary: DictionaryPresenter.present
        case .string: StringPresenter.present
        case .data: DataPresenter.present
        case .simpleValue: SimpleValuePresenter.present
        case .numberValue: NumberValuePresenter.present
        case .url: URLPresenter.present
        case .attributedString: AttributedStringPresenter.present
        case .color: ColorPresenter.present
        case .font: FontPresenter.present
        case .error: ErrorPresenter.present
        case .index: IndexPresenter.present
        case .connection: ConnectionPresenter.present
        case .connectionRecord: ConnectionPresenter.record
        }
    }
}
