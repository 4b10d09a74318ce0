/// A format's signature as raw bytes, and the forms a container's data values hold it in: raw in a
/// binary plist's data or a typedstream's byte array, base64 in an XML plist's `<data>`, hex in an
/// OpenStep plist's `<…>`. Only the raw bytes are written by hand (in the format's descriptor); the
/// base64 and hex forms are derived here.
package struct FormatSignature: Sendable, Hashable {
    /// The signature's bytes.
    package let bytes: [UInt8]
    /// Whether the signature starts the format's bytes (a data value holding the format starts with
    /// it), so base64 holds it at the first alignment only; false for a mark inside the bytes (an
    /// alias record's end tag), whose base64 is looked for at each of the three alignments.
    package let startsData: Bool

    /// A signature from its bytes.
    package init(_ bytes: [UInt8], startsData: Bool = true) {
        self.bytes = bytes
        self.startsData = startsData
    }

    /// A signature from text whose scalars are bytes (`"\u{04}\u{0B}streamtyped"`, `"\u{FF}\u{FF}\u{00}\u{00}"`).
    package init(latin1 text: String, startsData: Bool = true) {
        self.init(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }, startsData: startsData)
    }

    /// The base64 characters that depend on the signature's bytes alone, at each alignment the
    /// signature can have in a base64 text (one when it starts the data, three otherwise): of the
    /// characters encoding `k` leading bytes and the signature, those whose six bits all lie in the
    /// signature. `bplist00` is `YnBsaXN0MD`; FF FF 00 00 is `//8AA`, `//AA`, `//wAA`.
    package var base64Forms: [[UInt8]] {
        (startsData ? [0] : [0, 1, 2]).map { base64Characters(leadingBytes: $0) }.filter { !$0.isEmpty }
    }

    /// The signature's first four bytes as lowercase hex, as an OpenStep plist writes data: in groups
    /// of four bytes with a blank between groups, so a signature that starts the data is one run of
    /// hex (`bplist00` is `62706c69`) and a mark inside the bytes may have the blank after its first,
    /// second or third byte (FF FF 00 00 is `ffff0000`, `ffff00 00`… up to `ff ff0000`).
    package var hexForms: [[UInt8]] {
        let digits = Array("0123456789abcdef".utf8)
        let head = Array(bytes.prefix(4))
        let hex = { (part: ArraySlice<UInt8>) in part.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] } }
        guard !startsData, head.count > 1 else { return [hex(head[...])] }
        return [hex(head[...])] + (1..<head.count).reversed().map { hex(head[..<$0]) + [0x20] + hex(head[$0...]) }
    }

    /// The base64 characters of `leadingBytes` zero bytes and the signature that hold signature bits only.
    private func base64Characters(leadingBytes: Int) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        let data = [UInt8](repeating: 0, count: leadingBytes) + bytes
        let firstBit = leadingBytes * 8, endBit = data.count * 8
        var characters: [UInt8] = []
        var bit = 0
        while bit + 6 <= endBit {
            if bit >= firstBit {
                var value = 0
                for b in bit..<(bit + 6) { value = value << 1 | Int(data[b / 8] >> (7 - b % 8) & 1) }
                characters.append(alphabet[value])
            }
            bit += 6
        }
        return characters
    }
}
