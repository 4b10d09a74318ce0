import ArchiveCore

extension TypedstreamIndex {
    /// Superclasses followed when looking for a known class; real hierarchies are far shallower.
    static let knownClassSearchDepth = 64

    /// Checks the runs of every NSAttributedString against the length of its string (issue 25): a
    /// run that ends past the end is reported on the object, at the run's length field, with a note
    /// at the string. Runs are read the way `AttributedStringPresenter` shows them (FORMATS.md D.7):
    /// the first `@` value is the string, then integer pairs (dictionary number, run length), each
    /// optionally followed by its `@` attribute dictionary.
    mutating func checkAttributedStrings() {
        let names = ["NSAttributedString", "NSMutableAttributedString"]
        // A class chain is made of class records only: with no record of either name (a stream of a
        // million strings and numbers), no object is looked at.
        guard table.classRecords.contains(where: { record in
            record.name.map { name in names.contains { name.isLiterally($0) } } ?? false
        }) else { return }
        var lookups = StringLookups(count: table.count)
        for id in 0..<table.count where table.kind(id) == .object {
            guard let classID = classID(ofObject: id),
                  isKnownClass(classID, names, memo: &lookups.attributedClasses)
            else { continue }
            checkRuns(of: id, &lookups)
        }
    }

    /// Answers kept across objects: many attributed strings may share one string or class, and a
    /// hostile file can make each lookup long, so each is worked out once.
    struct StringLookups {
        var attributedClasses: [Bool?]
        var stringClasses: [Bool?]
        /// UTF-16 lengths by string object (nil inside: not a readable string).
        var lengths: [ObjectID: Int?] = [:]

        init(count: Int) {
            attributedClasses = [Bool?](repeating: nil, count: count)
            stringClasses = attributedClasses
        }
    }

    private mutating func checkRuns(of id: ObjectID, _ lookups: inout StringLookups) {
        let fields = fields(of: id)
        guard let first = fields.firstIndex(where: { $0.typeEncoding == "@" }),
              case .reference(.object(let stringID)) = fields[first].value else { return }
        let units: Int?
        if let known = lookups.lengths[stringID] {
            units = known
        } else {
            units = utf16Length(ofString: stringID, memo: &lookups.stringClasses)
            lookups.lengths[stringID] = units
        }
        guard let units else { return }
        var pastEnd: (run: Int, start: Int, end: Int, range: ByteRange?)?
        var more = 0, start = 0, run = 0, i = first + 1
        while i < fields.count {
            guard Self.isInteger(fields[i]), i + 1 < fields.count, Self.isInteger(fields[i + 1]),
                  case .scalar(let lengthValue) = fields[i + 1].value, let length = lengthValue.integerValue else {
                i += 1
                continue
            }
            let lengthRange = fields[i + 1].range
            i += 2
            if i < fields.count, fields[i].typeEncoding == "@" { i += 1 }
            let (sum, overflow) = start.addingReportingOverflow(Swift.max(0, Int(clamping: length)))
            let end = overflow ? Int.max : sum
            if end > units {
                if pastEnd == nil { pastEnd = (run, start, end, lengthRange) } else { more += 1 }
            }
            start = end
            run += 1
        }
        guard let pastEnd else { return }
        let note = DiagnosticNote("the string, #\(stringID), has \(English.count(units, "UTF-16 unit"))", range: table.objectRange(stringID))
        let issue = TypedstreamIssue.attributedStringRunPastEnd(id: id, className: className(of: id), run: pastEnd.run,
                                                                start: pastEnd.start, end: pastEnd.end, units: units, more: more)
        entryDiagnostics[id, default: []].append(issue.diagnostic(pastEnd.range, notes: [note]).with(object: id))
    }

    /// The class name of object `id`, escaped for messages ("?" when unknown).
    private func className(of id: ObjectID) -> String {
        guard let c = classID(ofObject: id) else { return "?" }
        return ValueFormatter.excerpt(table.classRecord(c).name ?? "?")
    }

    /// The UTF-16 length of NSString object `id` (its `+` bytes, decoded as the string presenter does).
    private func utf16Length(ofString id: ObjectID, memo: inout [Bool?]) -> Int? {
        guard id >= 0, id < table.count, table.kind(id) == .object, let classID = classID(ofObject: id) else { return nil }
        guard isKnownClass(classID, ["NSString", "NSMutableString"], memo: &memo) else { return nil }
        for field in fields(of: id) where field.typeEncoding == "+" {
            switch field.value {
            case .scalar(.string(let s)): return s.utf16.count
            case .scalar(.data(let d)): return String(decoding: d, as: UTF8.self).utf16.count
            default: continue
            }
        }
        return nil
    }

    /// Whether class record `classID` or one of its superclasses is named one of `names`. `memo`
    /// (indexed by class record) keeps answers, so checking every object costs one walk per class record.
    private func isKnownClass(_ classID: ObjectID, _ names: [String], memo: inout [Bool?]) -> Bool {
        var path: [ObjectID] = []
        var current: ObjectID? = classID
        var found = false
        while let c = current, c >= 0, c < table.count, table.kind(c) == .classRecord, path.count < Self.knownClassSearchDepth {
            if c < memo.count, let known = memo[c] {
                found = known
                break
            }
            path.append(c)
            let record = table.classRecord(c)
            if let name = record.name, names.contains(where: { name.isLiterally($0) }) {
                found = true
                break
            }
            if case .object(let s)? = record.superclass { current = s } else { current = nil }
        }
        for c in path where c < memo.count { memo[c] = found }
        return found
    }

    private static func isInteger(_ field: Field) -> Bool {
        guard let type = field.typeEncoding, type.utf8.count == 1, let code = type.utf8.first else { return false }
        return "cCsSiIlLqQB".utf8.contains(code)
    }
}
