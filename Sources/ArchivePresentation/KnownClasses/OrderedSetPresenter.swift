import ArchiveCore

/// NSOrderedSet, NSMutableOrderedSet.
///
/// Keyed: one key per element, `NS.object.0`, `NS.object.1` … (FORMATS.md C.6). typedstream: not in
/// D.7; read like NSArray (a count, then `@` elements), UNCERTAIN.
enum OrderedSetPresenter {
    static func present(_ k: KnownObject) -> KnownPresentation? {
        if k.isTyped || k.isNib { return ArrayPresenter.present(k) }
        let (items, gap) = k.numbered("NS.object.")
        var notes: [String?] = [ArrayPresenter.problem(in: FieldList(items))]
        if let gap { notes.append("NS.object.\(gap) missing") }
        let summary = KnownText.join(k.name, KnownText.count(items.count, "item")) + ArrayPresenter.note(notes)
        return k.result(summary, lazy: .elements(FieldList(items)))
    }
}
