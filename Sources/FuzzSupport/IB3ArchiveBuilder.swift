import ArchiveModel

/// Writes Interface Builder 3 XML archives (`<archive type="com.apple.InterfaceBuilder3.Cocoa.XIB">`)
/// for tests and fuzz seeds, and records where labelled elements start so a test can assert exact
/// byte ranges. Text and attribute values are written as given (escape them yourself), so any
/// malformation can be written too.
public struct IB3ArchiveBuilder: Sendable {
    public private(set) var bytes: [UInt8] = []
    /// Offset of the `<` of each labelled element.
    public private(set) var offsets: [String: Int] = [:]
    private var open: [String] = []

    /// Starts the document: the XML declaration, `<archive type=… version=…>` and `<data>`.
    public init(type: String = "com.apple.InterfaceBuilder3.Cocoa.XIB", version: String = "7.10") {
        write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<archive type=\"\(type)\" version=\"\(version)\">\n\t<data>\n")
        open = ["archive", "data"]
    }

    /// Opens `<name attributes…>`; close it with `end()`.
    public mutating func start(_ name: String, _ attributes: [(String, String)] = [], label: String? = nil) {
        indent(label)
        write("<\(name)\(Self.text(attributes))>\n")
        open.append(name)
    }

    /// Closes the innermost open element.
    public mutating func end() {
        guard let name = open.popLast() else { return }
        indent(nil)
        write("</\(name)>\n")
    }

    /// `<name attributes…>text</name>`.
    public mutating func leaf(_ name: String, _ text: String, _ attributes: [(String, String)] = [], label: String? = nil) {
        indent(label)
        write("<\(name)\(Self.text(attributes))>\(text)</\(name)>\n")
    }

    /// `<name attributes…/>`.
    public mutating func empty(_ name: String, _ attributes: [(String, String)] = [], label: String? = nil) {
        indent(label)
        write("<\(name)\(Self.text(attributes))/>\n")
    }

    /// Raw text, as it is.
    public mutating func raw(_ text: String, label: String? = nil) {
        if let label { offsets[label] = bytes.count }
        write(text)
    }

    /// The document with every open element closed (`</data></archive>` last).
    public func finished() -> [UInt8] {
        var copy = self
        while !copy.open.isEmpty { copy.end() }
        return copy.bytes
    }

    /// The document as it stands, with elements left open (a truncated file).
    public var unfinished: [UInt8] { bytes }

    private mutating func indent(_ label: String?) {
        write(String(repeating: "\t", count: Swift.min(open.count, 16)))
        if let label { offsets[label] = bytes.count }
    }

    private mutating func write(_ text: String) { bytes += Array(text.utf8) }

    private static func text(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\($0.1)\"" }.joined()
    }
}
