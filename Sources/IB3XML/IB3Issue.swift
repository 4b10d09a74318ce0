import ArchiveCore
import XMLPlist

/// The messages of the IB3 XML reader's diagnostics, in one place (ids in `IB3XMLCode`).
enum IB3Issue {
    static func strayLessThan(_ range: ByteRange, _ at: TextPosition) -> Diagnostic {
        Diagnostic(IB3XMLCode.xmlMalformed, "a '<' at line \(at) starts no tag; skipped as text", range: range, position: at)
    }

    static func tagNotClosed(_ name: String, _ range: ByteRange, _ at: TextPosition) -> Diagnostic {
        Diagnostic(IB3XMLCode.xmlMalformed, "the tag <\(name) at line \(at) is not closed with '>' before the next '<'",
                   range: range, position: at)
    }

    static func markupNotClosed(_ markup: XMLMarkup, _ at: TextPosition) -> Diagnostic {
        Diagnostic(IB3XMLCode.xmlMalformed, "the \(markup.kind.label) at line \(at) is never closed with \(markup.kind.terminator); "
                   + "it runs to the end of the file", range: markup.range, position: at)
    }

    static func truncated(open: Int, innermost: String, innermostAt: TextPosition, innermostRange: ByteRange, end: Int,
                          endAt: TextPosition) -> Diagnostic {
        Diagnostic(IB3XMLCode.xmlTruncated,
                   "the text ends at line \(endAt) (offset \(end)) with \(English.count(open, "element")) still open; the innermost is "
                   + "\(innermost) opened at line \(innermostAt)",
                   range: ByteRange(innermostRange.start, end), position: innermostAt,
                   notes: [DiagnosticNote("the text ends here", range: ByteRange(end, end), position: endAt)])
    }

    static func mismatchedClose(_ found: String, open: String?, _ range: ByteRange, _ at: TextPosition, openAt: TextPosition?) -> Diagnostic {
        let what = open.map { "while \($0) is open" + (openAt.map { " (line \($0))" } ?? "") } ?? "with no element open"
        return Diagnostic(IB3XMLCode.xmlMismatchedClose, "the end tag </\(found)> at line \(at) comes \(what)", range: range, position: at)
    }

    static func trailing(_ range: ByteRange, _ at: TextPosition, rootEnd: Int, secondArchive: Bool) -> Diagnostic {
        let what = secondArchive ? "a second document with an <archive> starts" : "more markup starts"
        return Diagnostic(IB3XMLCode.xmlTrailingContent,
                          "\(what) at line \(at) (offset \(range.start)), after the archive ended at offset \(rootEnd); "
                          + "\(ValueFormatter.byteCount(range.count)) after it are not read", range: range, position: at)
    }

    static func strayText(_ text: String, _ range: ByteRange, _ at: TextPosition) -> Diagnostic {
        Diagnostic(IB3XMLCode.xmlStrayText, "text \"\(text)\" at line \(at) stands between elements", range: range, position: at)
    }

    static func noData(_ range: ByteRange?, _ at: TextPosition?) -> Diagnostic {
        Diagnostic(IB3XMLCode.archiveNoData, "the <archive> has no <data> element: no top-level values", range: range, position: at)
    }

    static func unknown(_ name: String, _ range: ByteRange, _ at: TextPosition) -> Diagnostic {
        Diagnostic(IB3XMLCode.elementUnknown, "the element <\(name)> at line \(at) is not one the XML coder writes", range: range, position: at)
    }

    static func misplaced(_ name: String, where place: String, _ range: ByteRange, _ at: TextPosition) -> Diagnostic {
        Diagnostic(IB3XMLCode.elementMisplaced, "the element <\(name)> at line \(at) stands \(place)", range: range, position: at)
    }

    static func noClass(_ range: ByteRange, _ at: TextPosition, object: Int) -> Diagnostic {
        Diagnostic(IB3XMLCode.objectNoClass, "the <object> at line \(at) has no class attribute", range: range, position: at, object: object)
    }

    static func duplicateID(_ id: String, _ range: ByteRange, _ at: TextPosition, first: ByteRange, firstAt: TextPosition) -> Diagnostic {
        Diagnostic(IB3XMLCode.idDuplicate, "id \"\(id)\" at line \(at) was already given at line \(firstAt); references lead to the first",
                   range: range, position: at, notes: [DiagnosticNote("the first element with id \"\(id)\"", range: first, position: firstAt)])
    }

    static func dangling(_ ref: String, _ range: ByteRange, _ at: TextPosition, object: Int?) -> Diagnostic {
        Diagnostic(IB3XMLCode.refDangling, "the reference at line \(at) names id \"\(ref)\", which no element carries",
                   range: range, position: at, object: object)
    }

    static func notAnObject(_ ref: String, kind: String, _ range: ByteRange, _ at: TextPosition, object: Int?) -> Diagnostic {
        Diagnostic(IB3XMLCode.refDangling, "the reference at line \(at) names id \"\(ref)\", which a <\(kind)> element carries, not an object",
                   range: range, position: at, object: object)
    }

    static func invalidValue(_ kind: String, _ text: String, why: String, _ range: ByteRange, _ at: TextPosition, object: Int?) -> Diagnostic {
        Diagnostic(IB3XMLCode.valueInvalid, "the <\(kind)> at line \(at) holds \"\(text)\": \(why)", range: range, position: at, object: object)
    }
}
