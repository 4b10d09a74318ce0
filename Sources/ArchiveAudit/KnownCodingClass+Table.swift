import ArchiveCore

/// The table of classes the audit knows. Each row: name, superclass, framework, property-list class,
/// `supportsSecureCoding`, collection. The documentation URL follows from the name
/// (`KnownCodingClass.documentation`); the NSSecureCoding column is what that page's "Conforms To"
/// list says. A class missing here is "not known", never guessed.
extension KnownCodingClass {
    private static func row(_ name: String, _ superclass: String?, _ framework: Framework, plist: Bool = false,
                            secure: Bool = true, collection: Bool = false) -> KnownCodingClass {
        KnownCodingClass(name: name, superclass: superclass, framework: framework, isPropertyList: plist,
                         supportsSecureCoding: secure, isCollection: collection)
    }

    static let table: [KnownCodingClass] = propertyList + foundation + appKit + uiKit

    private static let propertyList: [KnownCodingClass] = [
        row("NSString", "NSObject", .foundation, plist: true),
        row("NSMutableString", "NSString", .foundation, plist: true),
        row("NSNumber", "NSValue", .foundation, plist: true),
        row("NSData", "NSObject", .foundation, plist: true),
        row("NSMutableData", "NSData", .foundation, plist: true),
        row("NSDate", "NSObject", .foundation, plist: true),
        row("NSArray", "NSObject", .foundation, plist: true, collection: true),
        row("NSMutableArray", "NSArray", .foundation, plist: true, collection: true),
        row("NSDictionary", "NSObject", .foundation, plist: true, collection: true),
        row("NSMutableDictionary", "NSDictionary", .foundation, plist: true, collection: true),
    ]

    private static let foundation: [KnownCodingClass] = [
        row("NSSet", "NSObject", .foundation, collection: true),
        row("NSMutableSet", "NSSet", .foundation, collection: true),
        row("NSCountedSet", "NSMutableSet", .foundation, collection: true),
        row("NSOrderedSet", "NSObject", .foundation, collection: true),
        row("NSMutableOrderedSet", "NSOrderedSet", .foundation, collection: true),
        row("NSValue", "NSObject", .foundation),
        row("NSDecimalNumber", "NSNumber", .foundation),
        row("NSNull", "NSObject", .foundation),
        row("NSURL", "NSObject", .foundation),
        row("NSUUID", "NSObject", .foundation),
        row("NSAttributedString", "NSObject", .foundation),
        row("NSMutableAttributedString", "NSAttributedString", .foundation),
        row("NSIndexSet", "NSObject", .foundation),
        row("NSMutableIndexSet", "NSIndexSet", .foundation),
        row("NSIndexPath", "NSObject", .foundation),
        row("NSError", "NSObject", .foundation),
        row("NSLocale", "NSObject", .foundation),
        row("NSTimeZone", "NSObject", .foundation),
        row("NSCalendar", "NSObject", .foundation),
        row("NSDateComponents", "NSObject", .foundation),
        row("NSDateInterval", "NSObject", .foundation),
        row("NSCharacterSet", "NSObject", .foundation),
        row("NSMutableCharacterSet", "NSCharacterSet", .foundation),
        row("NSPredicate", "NSObject", .foundation),
        row("NSComparisonPredicate", "NSPredicate", .foundation),
        row("NSCompoundPredicate", "NSPredicate", .foundation),
        row("NSExpression", "NSObject", .foundation),
        row("NSSortDescriptor", "NSObject", .foundation),
        row("NSPersonNameComponents", "NSObject", .foundation),
        row("NSMeasurement", "NSObject", .foundation),
        row("NSUnit", "NSObject", .foundation),
        row("NSURLComponents", "NSObject", .foundation),
        row("NSHashTable", "NSObject", .foundation),
        row("NSMapTable", "NSObject", .foundation),
        row("NSURLRequest", "NSObject", .foundation),
        row("NSMutableURLRequest", "NSURLRequest", .foundation),
        row("NSHTTPURLResponse", "NSURLResponse", .foundation),
        row("NSURLResponse", "NSObject", .foundation),
    ]

    private static let appKit: [KnownCodingClass] = [
        row("NSColor", "NSObject", .appKit),
        row("NSColorSpace", "NSObject", .appKit),
        row("NSFont", "NSObject", .appKit),
        row("NSFontDescriptor", "NSObject", .appKit),
        row("NSImage", "NSObject", .appKit),
        row("NSParagraphStyle", "NSObject", .appKit),
        row("NSMutableParagraphStyle", "NSParagraphStyle", .appKit),
        row("NSTextTab", "NSObject", .appKit),
        row("NSShadow", "NSObject", .appKit),
        row("NSTextAttachment", "NSObject", .appKit),
        row("NSView", "NSResponder", .appKit, secure: false),
    ]

    private static let uiKit: [KnownCodingClass] = [
        row("UIColor", "NSObject", .uiKit),
        row("UIFont", "NSObject", .uiKit),
        row("UIFontDescriptor", "NSObject", .uiKit),
        row("UIImage", "NSObject", .uiKit),
        row("UIView", "UIResponder", .uiKit, secure: false),
    ]
}
