import ArchiveCore
import XMLPlist

/// One structural pass over an Interface Builder 3 XML archive: the shared `XMLMarkupReader` splits
/// the bytes into tags, text and markup; an explicit element stack (no recursion, so a million nested
/// objects cost memory in proportion to the file, not call stack) builds the flat element table.
/// Text values are not decoded here; `IB3XMLGraph` decodes an element when its object is read.
///
/// It never stops at a problem before the end of the archive: bad markup is reported and skipped, a
/// mismatched end tag closes what it names (or is ignored), a truncated file keeps what was read.
/// After the `<archive>` closes, markup other than comments is reported once and not read (the file
/// may hold a second archive, which would be another document).
struct IB3XMLScanner {
    let buffer: UnsafeRawBufferPointer
    private var reader: XMLMarkupReader
    private var lines: XMLLineIndex
    private var budget = DiagnosticBudget()
    private var scan = IB3Scan()
    private var stack: [Int] = []
    /// The last child of each element on `stack` so far (-1: none yet), where the next child is linked.
    private var lastChildren: [Int] = []
    private var rootEnd: Int?
    /// How far down the stack an end tag's name is looked for.
    static let closeSearchLimit = 64

    init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
        reader = XMLMarkupReader(buffer)
        lines = XMLLineIndex(buffer)
    }

    /// Scans the whole input.
    mutating func run() -> IB3Scan {
        loop: while true {
            let token = reader.next()
            switch token {
            case .end: break loop
            case .tag(let tag):
                if rootEnd != nil { trailing(tag.range); break loop }
                tag.isClose ? close(tag) : open(tag)
            case .text(let range):
                if rootEnd != nil, let first = firstNonSpace(range) { trailing(ByteRange(first, range.end)); break loop }
                text(range)
            case .markup(let markup):
                // After the root only comments may follow; a declaration starts another document.
                if rootEnd != nil, markup.kind != .comment { trailing(markup.range); break loop }
                if !markup.terminated { report(IB3Issue.markupNotClosed(markup, lines.position(of: markup.range.start))) }
            case .invalid(let range):
                if rootEnd != nil { trailing(range); break loop }
                report(IB3Issue.strayLessThan(range, lines.position(of: range.start)))
            }
        }
        finish()
        return scan
    }

    // MARK: - Tags

    private mutating func open(_ tag: XMLTag) {
        let at = lines.position(of: tag.range.start)
        if !tag.terminated {
            // A tag cut by the end of the input is part of the truncation reported at the end.
            if tag.range.end < buffer.count { report(IB3Issue.tagNotClosed(excerpt(tag.name), tag.range, at)) } else { return }
        }
        let kind = IB3ElementKind.named(bytes(tag.name))
        let parent = stack.last ?? -1
        var element = IB3Element(kind: kind, name: tag.name,
                                 attributes: IB3TagAttributes.read(buffer, tag: tag.range, nameEnd: tag.name.end),
                                 range: tag.range, content: ByteRange(tag.range.end, tag.range.end), position: at,
                                 parent: parent, depth: stack.count)
        let index = scan.elements.count
        place(&element, index: index, at: at)
        if element.kind.makesObject {
            element.objectID = scan.objectElements.count
            scan.objectElements.append(index)
        }
        element.closed = tag.isEmpty || !tag.terminated
        scan.elements.append(element)
        if parent >= 0 { link(index, to: parent) }
        if let id = element.attributes.id { record(id: id, index: index) }
        if !element.closed { push(index) }
    }

    /// Checks where a new element stands and notes the archive root and its data.
    private mutating func place(_ element: inout IB3Element, index: Int, at: TextPosition) {
        let name = excerpt(element.name)
        if element.parent < 0 {
            if scan.archive == nil, element.kind == .archive { scan.archive = index; return }
            report(IB3Issue.misplaced(name, where: "beside the <archive> root", element.range, at))
            return
        }
        let parent = scan.elements[element.parent]
        if parent.kind.holdsText {
            report(IB3Issue.misplaced(name, where: "inside the text value <\(excerpt(parent.name))>", element.range, at))
        } else if element.kind == .data, parent.kind == .archive, scan.data == nil {
            scan.data = index
        } else if element.kind == .archive || element.kind == .data {
            report(IB3Issue.misplaced(name, where: "inside <\(excerpt(parent.name))>", element.range, at))
        } else if element.kind == .unknown {
            report(IB3Issue.unknown(name, element.range, at))
        }
    }

    /// Links `child` after the last child of `parent`, the element on top of the stack.
    private mutating func link(_ child: Int, to parent: Int) {
        guard let top = lastChildren.indices.last else { return }
        let last = lastChildren[top]
        if last >= 0 { scan.elements[last].nextSibling = child } else { scan.elements[parent].firstChild = child }
        lastChildren[top] = child
    }

    private mutating func push(_ index: Int) {
        stack.append(index)
        lastChildren.append(-1)
    }

    private mutating func pop() -> Int? {
        lastChildren.popLast().flatMap { _ in stack.popLast() }
    }

    private mutating func record(id range: ByteRange, index: Int) {
        let id = IB3Text.attribute(buffer, range)
        guard let first = scan.ids[id] else { scan.ids[id] = index; return }
        let element = scan.elements[index], earlier = scan.elements[first]
        report(IB3Issue.duplicateID(ValueFormatter.excerpt(id), element.range, element.position,
                                    first: earlier.range, firstAt: earlier.position))
    }

    private mutating func close(_ tag: XMLTag) {
        let at = lines.position(of: tag.range.start)
        if !tag.terminated {
            // An end tag cut by the end of the input closes nothing: the truncation is reported at the end.
            guard tag.range.end < buffer.count else { return }
            report(IB3Issue.tagNotClosed("/" + excerpt(tag.name), tag.range, at))
        }
        let name = bytes(tag.name)
        let depth = stack.count
        let lowest = Swift.max(0, depth - Self.closeSearchLimit)
        guard let match = (lowest..<depth).reversed().first(where: { bytes(scan.elements[stack[$0]].name).elementsEqual(name) }) else {
            let open = stack.last.map { scan.elements[$0] }
            report(IB3Issue.mismatchedClose(excerpt(tag.name), open: open.map { "<\(excerpt($0.name))>" }, tag.range, at, openAt: open?.position))
            return
        }
        if match != depth - 1, let top = stack.last {
            report(IB3Issue.mismatchedClose(excerpt(tag.name), open: "<\(excerpt(scan.elements[top].name))>", tag.range, at,
                                            openAt: scan.elements[top].position))
        }
        while stack.count > match + 1, let inner = pop() { end(inner, at: tag.range.start, closed: false) }
        if let index = pop() {
            end(index, at: tag.range.end, contentEnd: tag.range.start, closed: true)
            if stack.isEmpty, index == scan.archive { rootEnd = tag.range.end }
        }
    }

    private mutating func end(_ index: Int, at offset: Int, contentEnd: Int? = nil, closed: Bool) {
        let start = scan.elements[index].range.start, tagEnd = scan.elements[index].content.start
        scan.elements[index].range = ByteRange(start, offset)
        scan.elements[index].content = ByteRange(tagEnd, contentEnd ?? offset)
        scan.elements[index].closed = closed
    }

    // MARK: - Text and the end

    private mutating func text(_ range: ByteRange) {
        if let top = stack.last, scan.elements[top].kind.holdsText { return }
        guard let first = firstNonSpace(range) else { return }
        let piece = String(decoding: bytes(ByteRange(first, range.end)), as: UTF8.self)
        report(IB3Issue.strayText(ValueFormatter.excerpt(piece), ByteRange(first, range.end), lines.position(of: first)))
    }

    /// Reports what follows the root (the scan stops there).
    private mutating func trailing(_ range: ByteRange) {
        guard let rootEnd else { return }
        let ahead = Array(bytes(ByteRange(range.start, range.start.addingReportingOverflow(4096).partialValue)))
        let isArchive = MarkupScan.find(Array("<archive".utf8), in: ahead, from: 0) != nil
        report(IB3Issue.trailing(ByteRange(range.start, buffer.count), lines.position(of: range.start), rootEnd: rootEnd, secondArchive: isArchive))
    }

    private func firstNonSpace(_ range: ByteRange) -> Int? { (range.start..<range.end).first { !reader.isSpace(buffer[$0]) } }

    private mutating func finish() {
        if let innermost = stack.last {
            let element = scan.elements[innermost]
            report(IB3Issue.truncated(open: stack.count, innermost: describe(element), innermostAt: element.position,
                                      innermostRange: element.range, end: buffer.count, endAt: lines.position(of: buffer.count)))
        }
        while let index = pop() { end(index, at: buffer.count, closed: false) }
        if let archive = scan.archive, scan.data == nil {
            report(IB3Issue.noData(scan.elements[archive].range, scan.elements[archive].position))
        } else if scan.archive == nil {
            report(IB3Issue.noData(nil, nil))
        }
        scan.diagnostics += budget.suppressionNotes()
    }

    // MARK: - Helpers

    private mutating func report(_ diagnostic: Diagnostic) {
        if budget.admit(diagnostic) { scan.diagnostics.append(diagnostic) }
    }

    private func bytes(_ range: ByteRange) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: buffer[Swift.min(range.start, buffer.count)..<Swift.min(range.end, buffer.count)])
    }

    private func excerpt(_ range: ByteRange) -> String { ValueFormatter.excerpt(String(decoding: bytes(range), as: UTF8.self)) }

    /// `<object class="NSButton" key="NSCell">`, as a message names an element.
    func describe(_ element: IB3Element) -> String {
        var text = "<" + excerpt(element.name)
        if let c = element.attributes.className { text += " class=\"\(ValueFormatter.excerpt(IB3Text.attribute(buffer, c)))\"" }
        if let k = element.attributes.key { text += " key=\"\(ValueFormatter.excerpt(IB3Text.attribute(buffer, k)))\"" }
        return text + ">"
    }
}
