import ArchiveCore

/// The class decoding gives an object: an instance's class chain, or the Foundation class a bare
/// value of a keyed archive becomes (a string is an NSString, a number an NSNumber, data NSData).
enum DecodedClass {
    /// The chain (most derived first; at most the graph's own cap), or nil for what decodes to no
    /// object (`$null`, a class dictionary, a typedstream class record, an invalid slot).
    static func chain(of object: GraphObject) -> [String]? {
        switch object.kind {
        case .instance, .container:
            let chain = object.classChain.map(\.name)
            // NSKeyedUnarchiver instantiates from $classes; $classname alone when there is no chain.
            if !chain.isEmpty { return chain }
            return object.className.map { [$0] }
        case .value:
            return object.value.flatMap(valueClass).map { [$0] }
        case .nullMarker, .classDescription, .classRecord, .invalid:
            return nil
        }
    }

    /// The Foundation class a bare value decodes as.
    static func valueClass(_ value: ScalarValue) -> String? {
        switch value {
        case .string: "NSString"
        case .integer, .real, .bool: "NSNumber"
        case .data: "NSData"
        case .date: "NSDate"
        case .null, .uid: nil
        }
    }
}
