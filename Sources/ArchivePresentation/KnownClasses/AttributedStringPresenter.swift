import ArchiveCore

/// NSAttributedString, NSMutableAttributedString.
///
/// Keyed (FORMATS.md C.6): `NSString` = the string object; with a single run, `NSAttributes` = its
/// dictionary and no `NSAttributeInfo`; otherwise `NSAttributes` = array of distinct dictionaries and
/// `NSAttributeInfo` = data of base-128 pairs (run length in UTF-16 units, index into the array).
/// typedstream (D.7, UNCERTAIN beyond the samples seen): `@` string, then per run an `iI` group
/// (dictionary number, run length) followed by its `@` dictionary; a repeated number without a
/// dictionary reuses the earlier one.
/// Summary: the text. Children: `string`, then `run i: [start, end)` → the run's attributes.
package enum AttributedStringPresenter {
    package struct Run { package var length: Int; package var attributes: FieldValue }
    /// Run length meaning "the whole string".
    private static let wholeString = -1

    static func present(_ k: KnownObject) -> KnownPresentation? {
        let (stringValue, stored, notes) = k.isTyped ? typed(k) : keyed(k)
        let text = k.text(stringValue)
        var allNotes = notes
        let units = text?.utf16.count
        // A keyed single run (no NSAttributeInfo) covers the whole string.
        let runs = stored.map { Run(length: $0.length < 0 ? units ?? 0 : $0.length, attributes: $0.attributes) }
        let covered = runs.reduce(0) { $0.addingReportingOverflow($1.length).overflow ? Int.max : $0 + $1.length }
        if let units, !runs.isEmpty, covered != units { allNotes.append("runs cover \(covered) of \(units) UTF-16 units") }
        let head = text.map(ValueFormatter.quoted) ?? k.name + (stringValue == nil ? ", string missing" : ", string unreadable")
        return k.result(head + ArrayPresenter.note(allNotes), children(stringValue, runs))
    }

    private static func children(_ stringValue: FieldValue?, _ runs: [Run]) -> [Field] {
        var fields: [Field] = []
        if let stringValue { fields.append(Field(key: "string", value: stringValue)) }
        var start = 0
        for (i, run) in runs.enumerated() {
            let (end, overflow) = start.addingReportingOverflow(run.length)
            let stop = overflow ? Int.max : end
            fields.append(Field(key: "run \(i): [\(start), \(stop))", value: run.attributes))
            start = stop
        }
        return fields
    }

    package static func keyed(_ k: KnownObject) -> (FieldValue?, [Run], [String?]) {
        let stringValue = k.value("NSString"), attributes = k.value("NSAttributes")
        guard let infoValue = k.value("NSAttributeInfo") else {
            // One run over the whole string.
            guard let attributes else { return (stringValue, [], []) }
            return (stringValue, [Run(length: wholeString, attributes: attributes)], [])
        }
        guard let info = k.bytes(infoValue) else { return (stringValue, [], ["NSAttributeInfo is not data"]) }
        let dictionaries: FieldList
        switch attributes {
        case .list(let items): dictionaries = items
        case .some(let v): dictionaries = k.target(v).flatMap { ArrayPresenter.items(of: $0, in: k.graph) } ?? []
        case nil: dictionaries = []
        }
        let (pairs, complete) = AttributedStringRuns.keyedPairs(info)
        let runs = pairs.map { length, which in
            Run(length: length, attributes: which < UInt64(dictionaries.count) ? dictionaries[Int(which)]
                : .invalid("attribute index \(which) is out of range (\(KnownText.count(dictionaries.count, "dictionary", "dictionaries")))"))
        }
        return (stringValue, runs, [complete ? nil : "NSAttributeInfo ends inside a run"])
    }

    package static func typed(_ k: KnownObject) -> (FieldValue?, [Run], [String?]) {
        let values = k.typedValues
        guard let first = values.firstIndex(where: \.isObject) else { return (nil, [], []) }
        var byNumber: [Int128: FieldValue] = [:]
        var runs: [Run] = []
        var i = first + 1
        while i < values.count {
            guard values[i].isInteger, i + 1 < values.count, values[i + 1].isInteger,
                  let number = values[i].integer, let length = values[i + 1].integer else { i += 1; continue }
            i += 2
            var attributes = byNumber[number]
            if i < values.count, values[i].isObject {
                attributes = values[i].value
                byNumber[number] = values[i].value
                i += 1
            }
            runs.append(Run(length: max(0, Int(clamping: length)),
                            attributes: attributes ?? .invalid("no attribute dictionary for number \(number)")))
        }
        return (values[first].value, runs, [])
    }
}
