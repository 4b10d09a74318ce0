/// One model for every archive format: objects addressed by id, resolved lazily.
public protocol ObjectGraph: AnyObject, Sendable {
    /// The container format the graph was read from.
    var container: ContainerFormat { get }
    /// What the graph was read as (a typed value fixed by detection): what readers and presenters
    /// branch on. By default, as `GraphKind(container:)` derives it.
    var graphKind: GraphKind { get }
    /// Display text naming the archive's kind: `NSKeyedArchiver` (or the `$archiver` found, the file's
    /// own words), `typedstream`, `plist`. Shown, never branched on (`graphKind` is for that).
    var archiveKind: String { get }
    /// The raw input, for hex views.
    var input: InputBytes { get }
    /// Number of object ids (`0..<objectCount`).
    var objectCount: Int { get }
    /// Entry points: `$top` keys of a keyed archive, the root of a plist, the top-level values of a typedstream.
    var topLevel: [Field] { get }
    /// The object with `id` and the problems met decoding it (validation rules run apart:
    /// `ruleDiagnostics`, `GraphValidation`); an id out of range yields an `.invalid` object.
    func object(_ id: ObjectID) -> GraphObject
    /// The per-object validation rules' diagnostics for `object` (as `object(_:)` decoded it); of a
    /// lazily read list they look at the first `itemLimit` items. None by default.
    func ruleDiagnostics(of object: GraphObject, itemLimit: Int) -> [Diagnostic]
    /// `object(id)` with `ruleDiagnostics` after its own (what `GraphValidation.shownObject` gives); a
    /// graph may do both in one read. By default, the two calls.
    func objectWithRuleDiagnostics(_ id: ObjectID, itemLimit: Int) -> GraphObject
    /// The whole-graph validation rules' diagnostics (unreachable objects), given the reachability a
    /// full check found (or a `GraphIndex`'s). None by default.
    func graphRuleDiagnostics(reachability: GraphReachability) -> [Diagnostic]
    /// The object's class, fields and references without running validation rules (cheaper; used by
    /// whole-graph passes). Diagnostics may be incomplete.
    func structure(_ id: ObjectID) -> GraphObject
    /// A `structure` reader for one thread of a whole-graph pass (it may keep a cache of its own).
    func makeStructureReader() -> (ObjectID) -> GraphObject
    /// Problems found while opening (cheap: header, trailer, top level).
    var openDiagnostics: [Diagnostic] { get }
    /// Every diagnostic: container checks plus archive validation rules. May be slow on huge inputs;
    /// `progress` receives a fraction and returns false to cancel.
    func fullCheck(progress: (Double) -> Bool) -> [Diagnostic]
    /// `fullCheck`, with the references it collected as it decoded every object (their positions
    /// kept), for a `GraphIndex(graph:edges:)` that then needs no pass of its own (`--dump`); nil
    /// edges when the check collects none or was cancelled. By default, `fullCheck` and nil.
    func fullCheckKeepingEdges(progress: (Double) -> Bool) -> (diagnostics: [Diagnostic], edges: GraphEdges?)
    /// The Unicode encoding of a text plist's input (XML, OpenStep); nil for binary formats.
    var textEncoding: TextEncoding? { get }
    /// A display-safe summary the format gives `object` (as `object(_:)` decoded it) in place of the
    /// generic one ("3 fields"), for a graph whose objects are a decoded record's parts (a bookmark's
    /// path and volume); nil by default.
    func presentedSummary(of object: GraphObject) -> String?
    /// The identifier the file itself gives object `id`, display-safe, for a format whose references
    /// name objects by one (an IB3 element's `id` attribute, which `ref` attributes name); nil by default.
    func fileIdentity(of id: ObjectID) -> String?
}

extension ObjectGraph {
    public func structure(_ id: ObjectID) -> GraphObject { object(id) }
    public func makeStructureReader() -> (ObjectID) -> GraphObject { { self.structure($0) } }
    /// The Unicode encoding of a text plist's input; nil for binary formats.
    public var textEncoding: TextEncoding? { nil }
    public func ruleDiagnostics(of object: GraphObject, itemLimit: Int) -> [Diagnostic] { [] }
    public func objectWithRuleDiagnostics(_ id: ObjectID, itemLimit: Int) -> GraphObject {
        var object = self.object(id)
        object.diagnostics += ruleDiagnostics(of: object, itemLimit: itemLimit)
        return object
    }
    public func graphRuleDiagnostics(reachability: GraphReachability) -> [Diagnostic] { [] }
    public func fullCheckKeepingEdges(progress: (Double) -> Bool) -> (diagnostics: [Diagnostic], edges: GraphEdges?) {
        (fullCheck(progress: progress), nil)
    }
    public func presentedSummary(of object: GraphObject) -> String? { nil }
    public func fileIdentity(of id: ObjectID) -> String? { nil }

    /// `#12`, or with the file's own identifier `#12 id="1005"`: how front ends name an object.
    package func identityLabel(_ id: ObjectID) -> String {
        "#\(id)" + (fileIdentity(of: id).map { " id=\"\($0)\"" } ?? "")
    }

    /// `fullCheck` without progress reporting.
    public func fullCheck() -> [Diagnostic] { fullCheck(progress: { _ in true }) }
}
