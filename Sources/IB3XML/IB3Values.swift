import ArchiveCore
import XMLPlist

/// Reads the value of one text element of an IB3 XML archive (`<int>`, `<string>`, `<bytes>` …),
/// or why it does not read.
enum IB3Values {
    /// The value, or the problem (with the text found).
    enum Outcome {
        case value(ScalarValue)
        case invalid(text: String, why: String)
    }

    static func read(_ element: IB3Element, _ buffer: UnsafeRawBufferPointer) -> Outcome {
        switch element.kind {
        case .string: string(element, buffer)
        case .characters: .value(.string(String(decoding: IB3Text.content(buffer, element.content), as: UTF8.self)))
        case .int: integer(IB3Text.content(buffer, element.content), width: 4)
        case .integer: integer(attribute(element.attributes.value, buffer), width: 0)
        case .bool: boolean(IB3Text.content(buffer, element.content))
        case .boolean: boolean(attribute(element.attributes.value, buffer))
        case .double: real(IB3Text.content(buffer, element.content), width: 8)
        case .float: real(IB3Text.content(buffer, element.content), width: 4)
        case .real: real(attribute(element.attributes.value, buffer), width: 0)
        case .bytes: data(IB3Text.content(buffer, element.content))
        default: .invalid(text: "", why: "not a text value")
        }
    }

    private static func attribute(_ range: ByteRange?, _ buffer: UnsafeRawBufferPointer) -> [UInt8] {
        range.map { Array(IB3Text.attribute(buffer, $0).utf8) } ?? []
    }

    private static func string(_ element: IB3Element, _ buffer: UnsafeRawBufferPointer) -> Outcome {
        let text = IB3Text.content(buffer, element.content)
        guard let type = element.attributes.type, IB3Text.attribute(buffer, type) == "base64-UTF8" else {
            return .value(.string(String(decoding: text, as: UTF8.self)))
        }
        let (bytes, bad) = IB3Text.base64(text)
        guard let bytes else { return invalid(text, "the character at index \(bad ?? 0) is not a base64 digit") }
        return .value(.string(String(decoding: bytes, as: UTF8.self)))
    }

    private static func integer(_ text: [UInt8], width: Int) -> Outcome {
        let result = text.withUnsafeBytes { XMLNumberParser.parseInteger($0) }
        if let value = result.value, result.problem == nil { return .value(.integer(value, width: width)) }
        return invalid(text, "not a decimal integer")
    }

    private static func real(_ text: [UInt8], width: Int) -> Outcome {
        let result = text.withUnsafeBytes { XMLNumberParser.parseReal($0) }
        if let value = result.value, result.problem == nil { return .value(.real(value, width: width)) }
        return invalid(text, "not a decimal number")
    }

    private static func boolean(_ text: [UInt8]) -> Outcome {
        switch String(decoding: text, as: UTF8.self).trimmingASCIISpaces {
        case "YES": .value(.bool(true))
        case "NO": .value(.bool(false))
        default: invalid(text, "neither YES nor NO")
        }
    }

    private static func data(_ text: [UInt8]) -> Outcome {
        let (bytes, bad) = IB3Text.base64(text)
        guard let bytes else { return invalid(text, "the character at index \(bad ?? 0) is not a base64 digit") }
        return .value(.data(bytes))
    }

    private static func invalid(_ text: [UInt8], _ why: String) -> Outcome {
        .invalid(text: ValueFormatter.excerpt(String(decoding: text.prefix(256), as: UTF8.self)), why: why)
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces, tabs and line breaks.
    fileprivate var trimmingASCIISpaces: String {
        let bytes = Array(utf8)
        var start = 0, end = bytes.count
        while start < end, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        while end > start, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
