/// The connections of a nib: outlets, actions and bindings, in NIBArchive and keyed nibs alike.
///
/// iOS: `UIRuntimeOutletConnection`, `UIRuntimeOutletCollectionConnection` and `UIRuntimeEventConnection`
/// store `UISource`, `UIDestination` and `UILabel` (an event connection adds `UIEventMask`). macOS:
/// `NSNibOutletConnector`, `NSNibControlConnector`, `NSNibAuxiliaryActionConnector` and
/// `NSNibBindingConnector` store `NSSource`, `NSDestination` and `NSLabel`; a control connector without a
/// destination sends its action to the first responder. (Keys as seen in the corpus nibs and their .xib
/// sources [obs].) The summary says which object's outlet or action leads where, one decode per part.
enum ConnectionPresenter {
    static func present(_ k: KnownObject) -> KnownPresentation? {
        let source = k.value("UISource") ?? k.value("NSSource")
        let destination = k.value("UIDestination") ?? k.value("NSDestination")
        let labelValue = k.value("UILabel") ?? k.value("NSLabel")
        let label = labelValue.flatMap { k.text($0) }.map(KnownText.inline) ?? "?"
        let from = source.map { describe(k, $0) } ?? "no source"
        let to = destination.map { describe(k, $0) } ?? "the first responder"
        let summary: String
        switch kind(of: k.name) {
        case .outlet: summary = "outlet \(label), \(from) → \(to)"
        case .outletCollection: summary = "outlet collection \(label), \(from) → \(to)"
        case .action: summary = "action \(label), \(from) → \(to)"
        case .binding:
            let binding = k.value("NSBinding").flatMap { k.text($0) }.map(KnownText.inline) ?? label
            let path = k.value("NSKeyPath").flatMap { k.text($0) }.map(KnownText.inline) ?? "?"
            summary = "binding \(binding), \(from) → \(to), key path \(path)"
        }
        var children: [Field] = []
        if let source { children.append(Field(key: "source", value: source)) }
        if let destination { children.append(Field(key: "destination", value: destination)) }
        if let labelValue { children.append(Field(key: "label", value: labelValue)) }
        return k.result(summary, children)
    }

    enum Kind { case outlet, outletCollection, action, binding }

    static func kind(of name: String) -> Kind {
        switch name {
        case "UIRuntimeOutletCollectionConnection": .outletCollection
        case "UIRuntimeEventConnection", "NSNibControlConnector", "NSNibAuxiliaryActionConnector": .action
        case "NSNibBindingConnector": .binding
        default: .outlet
        }
    }

    /// `#12 UIViewController`; for an object standing for another (a custom object, a class swapper, a
    /// proxy) the class or placeholder it names: `#2 AppDelegate`, `#7 IBFilesOwner`.
    static func describe(_ k: KnownObject, _ value: FieldValue) -> String {
        guard case .reference(.object(let id)) = value, let target = k.target(value) else { return KnownText.describe(value) }
        let name = target.className.map { ValueFormatter.excerpt($0) } ?? "?"
        let custom = ["NSClassName", "UIProxiedObjectIdentifier", "UIClassName", "UIOriginalClassName"].lazy
            .compactMap { target.field($0).flatMap { k.text($0.value) } }.first
        return "#\(id) " + (custom.map(KnownText.inline) ?? name)
    }
}
