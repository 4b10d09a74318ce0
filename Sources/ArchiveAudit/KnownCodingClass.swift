import ArchiveCore

/// What the audit knows of a class an archive names: the SDK it is public in, its superclass there,
/// whether it adopts NSSecureCoding (`supportsSecureCoding`), and the Apple documentation page that
/// says so (the page's "Conforms To" list).
package struct KnownCodingClass: Sendable, Equatable {
    /// The framework whose public headers declare the class.
    package enum Framework: String, Sendable {
        case foundation = "Foundation", appKit = "AppKit", uiKit = "UIKit"

        /// The documentation path segment of the framework.
        var documentationPath: String {
            switch self {
            case .foundation: "foundation"
            case .appKit: "appkit"
            case .uiKit: "uikit"
            }
        }
    }

    package let name: String
    package let superclass: String?
    package let framework: Framework
    /// True when the class is one of the property-list classes (`NSString`, `NSNumber`, `NSData`,
    /// `NSDate`, `NSArray`, `NSDictionary` and their mutable subclasses).
    let isPropertyList: Bool
    /// `supportsSecureCoding` as Apple documents it: true when the class adopts NSSecureCoding.
    package let supportsSecureCoding: Bool
    /// Whether decoding its elements checks them against the caller's allowed classes (collections:
    /// `-[NSArray initWithCoder:]` asks for its elements with the coder's `allowedClasses`).
    let isCollection: Bool

    /// The Apple documentation page that lists the class's protocols.
    package var documentation: String {
        "https://developer.apple.com/documentation/\(framework.documentationPath)/\(name.lowercased())"
    }
}

extension KnownCodingClass {
    /// The class named `name` in the table, or nil.
    package static func named(_ name: String) -> KnownCodingClass? { byName[name] }

    private static let byName: [String: KnownCodingClass] = Dictionary(table.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })

    /// Whether `name` is one of the collection classes whose elements are checked against the caller's set.
    static func isCollection(_ name: String) -> Bool { byName[name]?.isCollection ?? false }
}
