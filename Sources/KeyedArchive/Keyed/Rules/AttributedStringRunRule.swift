import ArchiveCore

/// The attribute runs of an NSAttributedString (`NSAttributeInfo`) must cover its string exactly and
/// name dictionaries that `NSAttributes` holds (FORMATS.md C.6). The string and the run data are other
/// objects: they are read here without their rules and without the graph's lock (the rule may run
/// under it), each once per thread (`KeyedReadCache`), so many strings sharing them stay linear.
enum AttributedStringRunRule: KeyedObjectRule {
    static func check(_ context: KeyedObjectContext) -> [Diagnostic] {
        let object = context.object
        // Only objects with run data (a single run covers the whole string by construction).
        guard object.kind == .instance, let infoField = object.field("NSAttributeInfo"),
              FoundationClassFamily.known(object)?.family == .attributedString,
              let stringField = object.field("NSString"), let runs = runTable(infoField, context),
              let text = textLength(stringField, context) else { return [] }
        let attributes = object.field("NSAttributes")
        let count = attributeCount(attributes, context)
        let (problems, badIndex) = runs.value.measure(length: text.value, attributes: count)
        let stringNote = DiagnosticNote("the string is \(English.count(text.value, "UTF-16 unit")) long", range: text.range,
                                        position: text.position)
        var found = problems.map { problem in
            Diagnostic(code(problem), "attributed string #\(context.id): " + problem.message, range: runs.range ?? object.range,
                       position: runs.position ?? object.position, object: context.id, notes: [stringNote])
        }
        if let badIndex, let count {
            found.append(Diagnostic(KeyedArchiveCode.attributedStringIndexOutOfRange, Messages.badIndex(context.id, badIndex.run, badIndex.index, count),
                                    range: runs.range ?? object.range, position: runs.position ?? object.position, object: context.id,
                                    notes: [DiagnosticNote("NSAttributes holds \(English.count(count, "dictionary", plural: "dictionaries"))",
                                                           range: attributes?.range)]))
        }
        return found
    }

    private static func code(_ problem: AttributedStringRuns.Problem) -> KeyedArchiveCode {
        switch problem {
        case .pastEnd: .attributedStringRunPastEnd
        case .short: .attributedStringRunsShort
        case .extra: .attributedStringExtraRuns
        }
    }

    /// The runs of `NSAttributeInfo`: inline data, or a data object (bare, or `NS.data`/`NS.bytes`).
    private static func runTable(_ field: Field, _ context: KeyedObjectContext) -> AttributedStringPart<AttributeRunTable>? {
        switch field.value {
        case .scalar(.data(let d)):
            return AttributedStringPart(value: AttributeRunTable(d), range: field.range)
        case .reference(.object(let id)):
            return context.cache.runTable(id) {
                guard let target = target(id, context) else { return nil }
                let bytes: [UInt8]? = switch target.kind {
                case .value: if case .data(let d) = target.value { d } else { nil }
                case .instance: inlineData(target.field("NS.data") ?? target.field("NS.bytes"))
                default: nil
                }
                return bytes.map { AttributedStringPart(value: AttributeRunTable($0), range: target.range, position: target.position) }
            }
        default:
            return nil
        }
    }

    /// The UTF-16 length of `NSString`: inline text, or a string object (bare, or `NS.string` text,
    /// UTF-8 data, or a reference to a bare string).
    private static func textLength(_ field: Field, _ context: KeyedObjectContext) -> AttributedStringPart<Int>? {
        if case .scalar(.string(let s)) = field.value { return AttributedStringPart(value: s.utf16.count, range: field.range) }
        guard case .reference(.object(let id)) = field.value else { return nil }
        return context.cache.textLength(id) {
            guard let target = target(id, context) else { return nil }
            var text: String?
            switch target.kind {
            case .value:
                if case .string(let s) = target.value { text = s }
            case .instance:
                switch target.field("NS.string")?.value {
                case .scalar(.string(let s)): text = s
                case .scalar(.data(let d)): text = String(decoding: d, as: UTF8.self)
                case .reference(.object(let inner)):
                    if let bare = self.target(inner, context), case .string(let s)? = bare.value { text = s }
                default: break
                }
            default: break
            }
            return text.map { AttributedStringPart(value: $0.utf16.count, range: target.range, position: target.position) }
        }
    }

    /// How many dictionaries `NSAttributes` holds: an inline list, or an array object's `NS.objects`.
    private static func attributeCount(_ field: Field?, _ context: KeyedObjectContext) -> Int? {
        switch field?.value {
        case .list(let items)?: return items.count
        case .reference(.object(let id))?:
            guard let target = target(id, context), case .list(let items)? = target.field("NS.objects")?.value else { return nil }
            return items.count
        default: return nil
        }
    }

    private static func inlineData(_ field: Field?) -> [UInt8]? {
        if case .scalar(.data(let d))? = field?.value { return d }
        return nil
    }

    /// Object `id` read without rules, when it is a value or a dictionary of a few keys (a string or
    /// data object is one; a large dictionary named here is not read again for every referrer).
    private static func target(_ id: ObjectID, _ context: KeyedObjectContext) -> GraphObject? {
        let graph = context.graph
        guard id > 0, id < graph.objectCount, (graph.tree.containerValues(graph.objectNodeIDs[id])?.count ?? 0) <= 16 else { return nil }
        return graph.read(id, cache: context.cache, shared: SharedContent())
    }

    enum Messages {
        static func badIndex(_ id: Int, _ run: Int, _ index: UInt64, _ count: Int) -> String {
            "attributed string #\(id): attribute run \(run) names dictionary \(index) but NSAttributes holds "
                + "\(English.count(count, "dictionary", plural: "dictionaries")); swift-corelibs-foundation then fails to decode it"
        }
    }
}
