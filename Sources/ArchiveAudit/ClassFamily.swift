import ArchiveCore

/// What kind of class a name an archive gives is, for the census: a property-list class, another
/// Apple class in `KnownCodingClass`'s table, a Swift class, a private name, or not known.
package enum ClassFamily: Sendable, Equatable {
    /// NSString, NSNumber, NSData, NSDate, NSArray, NSDictionary (and mutable subclasses).
    case propertyList
    /// A Foundation, AppKit or UIKit class of the table, with its documented NSSecureCoding adoption.
    case apple(KnownCodingClass)
    /// A Swift class, as `Module.Class`.
    case swift(String)
    /// A Swift mangled name that does not demangle, with why.
    case swiftUnread(String)
    /// A name absent from Apple's public SDK by convention (a leading underscore).
    case privateName
    /// A name this tool has no knowledge of (an app's own class, or an Apple class not in the table).
    case notKnown

    /// The family of `name`.
    package init(_ name: String) {
        if let known = KnownCodingClass.named(name) {
            self = known.isPropertyList ? .propertyList : .apple(known)
        } else if let swift = SwiftClassName.parse(name) {
            switch swift {
            case .demangled(let readable): self = .swift(readable)
            case .undemangled(let reason): self = .swiftUnread(reason)
            }
        } else if name.hasPrefix("_") {
            self = .privateName
        } else {
            self = .notKnown
        }
    }

    /// `supportsSecureCoding` as known: true or false from the table, nil when not known.
    package var supportsSecureCoding: Bool? {
        switch self {
        case .propertyList: true
        case .apple(let known): known.supportsSecureCoding
        case .swift, .swiftUnread, .privateName, .notKnown: nil
        }
    }

    /// A short label: `property list`, `Foundation, secure coding`, `Swift MyApp.Person`, `not known`.
    package var label: String {
        switch self {
        case .propertyList: "property list"
        case .apple(let known): known.framework.rawValue + (known.supportsSecureCoding ? ", secure coding" : ", NSCoding only")
        case .swift(let readable): "Swift " + DisplayText.escape(readable)
        case .swiftUnread: "Swift, not demangled"
        case .privateName: "private (not in the SDK)"
        case .notKnown: "not known"
        }
    }

    /// A stable word for JSON: `property-list`, `apple`, `swift`, `swift-unread`, `private`, `not-known`.
    package var kind: String {
        switch self {
        case .propertyList: "property-list"
        case .apple: "apple"
        case .swift: "swift"
        case .swiftUnread: "swift-unread"
        case .privateName: "private"
        case .notKnown: "not-known"
        }
    }
}
