@testable import ArchiveModel
@testable import BinaryPlist
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import ArchivePresentation
@testable import ArchiveSources

/// An in-memory `ObjectGraph` for presenter tests, in keyed-archive or typedstream style.
///
/// Builders return the reference (`.reference(.object(id))`) to the new object. `decodes` counts
/// `object(_:)` calls so tests can check that a presenter stays lazy.
final class FakeGraph: ObjectGraph, @unchecked Sendable {
    // Safety: used from one test at a time.
    let isTypedstream: Bool
    private(set) var objects: [GraphObject] = []
    /// Number of `object(_:)` calls so far.
    var decodes = 0
    var topLevel: [Field] = []
    let input = InputBytes([UInt8]())

    init(typedstream: Bool = false) { isTypedstream = typedstream }

    var container: ContainerFormat { isTypedstream ? .typedstream(bigEndian: false) : .binaryPlist }
    var archiveKind: String { isTypedstream ? "typedstream" : "NSKeyedArchiver" }
    var objectCount: Int { objects.count }
    var openDiagnostics: [Diagnostic] { [] }
    func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] { [] }

    func object(_ id: ObjectID) -> GraphObject {
        decodes += 1
        guard id >= 0, id < objects.count else {
            return GraphObject(id: id, kind: .invalid, diagnostics: [Diagnostic("test.out-of-range", .error, "no object \(id)")])
        }
        return objects[id]
    }

    /// Adds an object built from its id; returns a reference to it.
    @discardableResult
    func add(_ make: (ObjectID) -> GraphObject) -> FieldValue {
        let id = objects.count
        objects.append(make(id))
        return .reference(.object(id))
    }

    /// The stored object a reference leads to (not counted as a decode).
    func stored(_ ref: FieldValue) -> GraphObject {
        guard let id = ref.objectID, id < objects.count else { return GraphObject(id: -1, kind: .invalid) }
        return objects[id]
    }

    // MARK: bare values (keyed archives)

    func value(_ v: ScalarValue) -> FieldValue { add { GraphObject(id: $0, kind: .value, value: v) } }
    func string(_ s: String) -> FieldValue { value(.string(s)) }
    func number(_ i: Int128) -> FieldValue { value(.integer(i, width: 8)) }
    func real(_ d: Double) -> FieldValue { value(.real(d, width: 8)) }
    func data(_ b: [UInt8]) -> FieldValue { value(.data(b)) }

    // MARK: instances

    /// A keyed-archive object: named fields.
    func keyed(_ cls: String, chain: [String] = [], _ fields: [(String, FieldValue)]) -> FieldValue {
        add { id in
            GraphObject(id: id, kind: .instance, className: cls, classChain: Self.chain(cls, chain),
                        fields: fields.map { Field(key: $0.0, value: $0.1) })
        }
    }

    /// A typedstream object: positional fields `0`, `1`, … each with its type encoding.
    func typed(_ cls: String, chain: [String] = [], _ values: [(String, FieldValue)]) -> FieldValue {
        add { id in
            GraphObject(id: id, kind: .instance, className: cls, classChain: Self.chain(cls, chain),
                        fields: values.enumerated().map { i, v in
                            Field(key: "\(i)", value: v.1, typeEncoding: v.0, isPositional: true)
                        })
        }
    }

    /// A typedstream NSString.
    func typedString(_ s: String) -> FieldValue { typed("NSString", [("+", .scalar(.data(Array(s.utf8))))]) }

    private static func chain(_ cls: String, _ extra: [String]) -> [ClassInfo] {
        ([cls] + extra + ["NSObject"]).map { ClassInfo(name: $0) }
    }
}

/// Shorthands for inline field values.
enum V {
    static func int(_ i: Int128) -> FieldValue { .scalar(.integer(i, width: 8)) }
    static func real(_ d: Double) -> FieldValue { .scalar(.real(d, width: 8)) }
    static func bool(_ b: Bool) -> FieldValue { .scalar(.bool(b)) }
    static func str(_ s: String) -> FieldValue { .scalar(.string(s)) }
    static func data(_ b: [UInt8]) -> FieldValue { .scalar(.data(b)) }
    static func ref(_ id: ObjectID) -> FieldValue { .reference(.object(id)) }
    static let null = FieldValue.reference(.null)
}

extension FakeGraph {
    /// Presents the object behind `ref`.
    func present(_ ref: FieldValue) -> KnownPresentation? {
        KnownClassPresenter.present(stored(ref), in: self)
    }
}
