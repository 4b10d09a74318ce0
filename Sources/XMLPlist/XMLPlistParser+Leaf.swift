import ArchiveCore

extension XMLPlistParser {
    /// Records a closed text element: its content's range (decoded when the node is read), or for
    /// `<true>` and `<false>` the value itself.
    mutating func finishLeaf(_ kind: XMLElementKind, _ frame: XMLFrame, _ range: ByteRange, contentEnd: Int) {
        let id = frame.nodeID
        table.setEnd(id, range.end)
        let contentRange = ByteRange(Swift.min(frame.openTag.end, contentEnd), contentEnd)
        if kind == .true || kind == .false {
            table.set(id, kind == .true ? .boolTrue : .boolFalse)
            if contentRange.count > 0, !XMLLeafDecoder.segments(contentRange, in: buffer).isEmpty {
                let excerpt = XMLPlistIssue.excerpt(UnsafeRawBufferPointer(rebasing: buffer[contentRange.start..<contentRange.end]))
                report(.boolNotEmpty(element: kind.name, excerpt: excerpt), contentRange, onNode: id)
            }
            return
        }
        guard let leaf = XMLNodeTable.Kind.leaf(kind) else {
            return table.setInvalid(id, "<\(kind.name)> is not a text element")
        }
        table.set(id, leaf, a: UInt32(truncatingIfNeeded: contentRange.start), b: UInt32(truncatingIfNeeded: contentRange.end))
    }

    /// `<string/>`, `<true/>`, `<data/>`, …
    mutating func finishEmpty(_ kind: XMLElementKind, id: Int) {
        let range = table.range(id)
        switch kind {
        case .dict: table.setDict(id, pairs: EmptyCollection<Int32>())
        case .array: table.setArray(id, EmptyCollection<Int32>())
        case .string, .key: table.set(id, .emptyString)
        case .true, .false: table.set(id, kind == .true ? .boolTrue : .boolFalse)
        case .data:
            table.set(id, .emptyData)
            report(.emptyElement(element: kind.name), range, onNode: id)
        case .integer, .real, .date, .plist:
            let issue = XMLPlistIssue.emptyElement(element: kind.name)
            table.setInvalid(id, issue.message)
            report(issue, range, onNode: id)
        }
    }
}
