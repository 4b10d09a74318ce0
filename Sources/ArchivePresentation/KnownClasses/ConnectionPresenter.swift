import ArchiveCore

/// The connections of a nib: outlets, actions and bindings, in NIBArchive and keyed nibs alike.
///
/// iOS: `UIRuntimeOutletConnection`, `UIRuntimeOutletCollectionConnection` and `UIRuntimeEventConnection`
/// store `UISource`, `UIDestination` and `UILabel` (an event connection adds `UIEventMask`). macOS:
/// `NSNibOutletConnector`, `NSNibControlConnector`, `NSNibAuxiliaryActionConnector` and
/// `NSNibBindingConnector` store `NSSource`, `NSDestination` and `NSLabel`; a control connector without a
/// destination sends its action to the first responder. (Keys as seen in the corpus nibs and their .xib
/// sources [obs].) IB3 XML archives (`IB3XML/`) write `IBOutletConnection`, `IBActionConnection`,
/// `IBBindingConnection` and the Cocoa Touch ones with `source`, `destination` and `label`, each inside an
/// `IBConnectionRecord` with its `connectionID`. The summary says which object's outlet or action leads
/// where, one decode per part. A typedstream (IB 2.x `objects.nib`) `NSNibConnector` writes no keys: its
/// `-encodeWithCoder:` stores source, destination and label as three `@` values in that order, a nil
/// destination (`85`) being the first responder (as the raw fields of the corpus nibs show [obs]).
enum ConnectionPresenter {
    static func present(_ k: KnownObject) -> KnownPresentation? {
        let (source, destination, labelValue) = k.isTyped ? typedParts(k) : keyedParts(k)
        let label = labelValue.flatMap { k.text($0) }.map(KnownText.inline) ?? "?"
        let from = source.map { describe(k, $0) } ?? "no source"
        let to = destination.map { describe(k, $0) } ?? "the first responder"
        let summary: String
        switch kind(of: k.name) {
        case .outlet: summary = "outlet \(label), \(from) → \(to)"
        case .outletCollection: summary = "outlet collection \(label), \(from) → \(to)"
        case .action: summary = "action \(label), \(from) → \(to)"
        case .binding:
            // An IB3 archive's IBBindingConnection keeps the binding's names in its `connector`.
            let connector = k.target(k.value("connector"))
            func named(_ key: String) -> String? {
                (k.value(key) ?? connector?.field(key)?.value).flatMap { k.text($0) }.map(KnownText.inline)
            }
            let binding = named("NSBinding") ?? label
            let path = named("NSKeyPath") ?? "?"
            summary = "binding \(binding), \(from) → \(to), key path \(path)"
        }
        var children: [Field] = []
        if let source { children.append(Field(key: "source", value: source)) }
        if let destination { children.append(Field(key: "destination", value: destination)) }
        if let labelValue { children.append(Field(key: "label", value: labelValue)) }
        return k.result(summary, children)
    }

    /// Source, destination and label by their keys (keyed, NIBArchive and IB3 XML nibs).
    private static func keyedParts(_ k: KnownObject) -> (FieldValue?, FieldValue?, FieldValue?) {
        (k.value("UISource") ?? k.value("NSSource") ?? k.value("source"),
         k.value("UIDestination") ?? k.value("NSDestination") ?? k.value("destination"),
         k.value("UILabel") ?? k.value("NSLabel") ?? k.value("label"))
    }

    /// Source, destination and label as a typedstream stores them: the first three `@` values, a nil one
    /// being absent.
    private static func typedParts(_ k: KnownObject) -> (FieldValue?, FieldValue?, FieldValue?) {
        let objects = k.typedValues.lazy.filter(\.isObject).prefix(3).map { $0.value == .reference(.null) ? nil : $0.value }
        let parts = Array(objects) + Array(repeating: nil, count: max(0, 3 - objects.count))
        return (parts[0], parts[1], parts[2])
    }

    /// An IB3 XML archive's `IBConnectionRecord`: its `connection`'s summary and its `connectionID`.
    static func record(_ k: KnownObject) -> KnownPresentation? {
        let connection = k.value("connection")
        let id = k.value("connectionID").flatMap { k.integer($0) }.map { ", connection \($0)" } ?? ""
        let summary = (connection.map { k.summary(of: $0) } ?? "no connection") + id
        return k.result(summary, k.object.fields.map { $0 })
    }

    enum Kind { case outlet, outletCollection, action, binding }

    static func kind(of name: String) -> Kind {
        switch name {
        case "UIRuntimeOutletCollectionConnection": .outletCollection
        case "UIRuntimeEventConnection", "NSNibControlConnector", "NSNibAuxiliaryActionConnector", "IBActionConnection",
             "IBCocoaTouchEventConnection": .action
        case "NSNibBindingConnector", "IBBindingConnection": .binding
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
