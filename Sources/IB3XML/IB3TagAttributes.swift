import ArchiveCore

/// Reads the attributes of one start tag: `name="value"` or `name='value'` pairs after the element
/// name, keeping the six the XML coder writes (`key`, `class`, `id`, `ref`, `type`, `value`) as the
/// byte ranges of their values. Linear in the tag's length; anything that is not a pair is skipped.
enum IB3TagAttributes {
    /// The attributes of the tag spanning `tag` whose name ends at `nameEnd`.
    static func read(_ buffer: UnsafeRawBufferPointer, tag: ByteRange, nameEnd: Int) -> IB3Attributes {
        var found = IB3Attributes()
        var i = nameEnd
        let end = Swift.min(tag.end, buffer.count)
        while i < end {
            while i < end, !isNameByte(buffer[i]) { i += 1 }
            let nameStart = i
            while i < end, isNameByte(buffer[i]) { i += 1 }
            let name = ByteRange(nameStart, i)
            while i < end, isSpace(buffer[i]) { i += 1 }
            guard i < end, buffer[i] == UInt8(ascii: "=") else { continue }
            i += 1
            while i < end, isSpace(buffer[i]) { i += 1 }
            guard i < end, buffer[i] == UInt8(ascii: "\"") || buffer[i] == UInt8(ascii: "'") else { continue }
            let quote = buffer[i]
            let valueStart = i + 1
            i = valueStart
            while i < end, buffer[i] != quote { i += 1 }
            let value = ByteRange(valueStart, i)
            if i < end { i += 1 }
            assign(name, value, buffer, &found)
        }
        return found
    }

    private static func assign(_ name: ByteRange, _ value: ByteRange, _ buffer: UnsafeRawBufferPointer, _ found: inout IB3Attributes) {
        switch String(decoding: UnsafeRawBufferPointer(rebasing: buffer[name.start..<name.end]), as: UTF8.self) {
        case "key": if found.key == nil { found.key = value }
        case "class": if found.className == nil { found.className = value }
        case "id": if found.id == nil { found.id = value }
        case "ref": if found.ref == nil { found.ref = value }
        case "type": if found.type == nil { found.type = value }
        case "value": if found.value == nil { found.value = value }
        default: break
        }
    }

    @inline(__always)
    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// Letters, digits, `_`, `-`, `.`, `:` and non-ASCII bytes.
    @inline(__always)
    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b >= 0x80
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: ":")
    }
}

extension IB3TagAttributes {
    /// The `version` attribute of the root's start tag (`7.10`), which the six kept attributes leave out.
    static func version(_ buffer: UnsafeRawBufferPointer, tag element: IB3Element) -> String? {
        let start = element.name.end, end = Swift.min(element.content.start, buffer.count)
        guard start < end else { return nil }
        let text = Array(UnsafeRawBufferPointer(rebasing: buffer[start..<end]))
        guard let at = MarkupScan.find(Array(" version=\"".utf8), in: text, from: 0) else { return nil }
        let valueStart = at + 10
        guard let close = text[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: text[valueStart..<close], as: UTF8.self)
    }
}
