/// The Foundation, AppKit and UIKit classes this tool reads as values, by family: which class an
/// object is read as is knowledge of the classes (a rule of a format may need it), how each family is
/// shown is the known-class presenters' (`KnownClassPresenter`, one per family).
///
/// Names are compared literally: only short ASCII names can be known ones (a file's class name of
/// one letter and 50,000 accents would cost milliseconds per `==` against each known name).
package enum FoundationClassFamily: Sendable, Hashable {
    case array, orderedSet, dictionary, string, data, simpleValue, numberValue, url, attributedString
    case color, font, error, index, connection, connectionRecord

    /// The family of the class named `name`, or nil when it is not a known one.
    package init?(className name: String) {
        guard name.utf8.count <= 40, name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        switch name {
        case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSCountedSet": self = .array
        case "NSOrderedSet", "NSMutableOrderedSet": self = .orderedSet
        case "NSDictionary", "NSMutableDictionary": self = .dictionary
        case "NSString", "NSMutableString": self = .string
        case "NSData", "NSMutableData": self = .data
        case "NSDate", "NSNull", "NSUUID", "NSLocale", "NSTimeZone": self = .simpleValue
        case "NSNumber", "NSValue": self = .numberValue
        case "NSURL": self = .url
        case "NSAttributedString", "NSMutableAttributedString": self = .attributedString
        case "NSColor", "UIColor": self = .color
        case "NSFont", "UIFont": self = .font
        case "NSError", "NSNotification": self = .error
        case "NSIndexSet", "NSMutableIndexSet", "NSIndexPath": self = .index
        case "UIRuntimeOutletConnection", "UIRuntimeOutletCollectionConnection", "UIRuntimeEventConnection",
             "NSNibOutletConnector", "NSNibControlConnector", "NSNibAuxiliaryActionConnector", "NSNibBindingConnector",
             "NSNibConnector", "IBOutletConnection", "IBActionConnection", "IBBindingConnection",
             "IBCocoaTouchOutletConnection", "IBCocoaTouchEventConnection":
            self = .connection
        case "IBConnectionRecord": self = .connectionRecord
        default: return nil
        }
    }

    /// The known class `object` is read as (its own class or its nearest known ancestor) and its
    /// family; nil for an object that is not an instance or whose chain names no known class.
    package static func known(_ object: GraphObject) -> (name: String, family: FoundationClassFamily)? {
        guard object.kind == .instance else { return nil }
        let names = [object.className].compactMap { $0 } + object.classChain.map(\.name)
        for name in names { if let family = FoundationClassFamily(className: name) { return (name, family) } }
        return nil
    }

    /// Whether `object` is an NSData or NSMutableData, or of a subclass (its class or chain names one):
    /// asked for every row a dump or the browser shows, so no arrays are built per call.
    package static func isData(_ object: GraphObject) -> Bool {
        func named(_ name: String) -> Bool { name.isLiterally("NSData") || name.isLiterally("NSMutableData") }
        return object.className.map(named) == true || object.classChain.contains { named($0.name) }
    }
}
