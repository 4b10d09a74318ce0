/// One wrapper taken off an input: what it was, how large it was and how large its content is.
package struct WrapperLayer: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case base64, hex, gzip, zlib
        /// An LZFSE / LZVN block stream (`bvx2`, `bvxn`, `bvx-` … `bvx$`).
        case lzfse

        /// What the wrapper is, for messages: "base64 text", "a gzip stream".
        package var noun: String {
            switch self {
            case .base64: "base64 text"
            case .hex: "hexadecimal text"
            case .gzip: "a gzip stream"
            case .zlib: "a zlib stream"
            case .lzfse: "an LZFSE/LZVN block stream"
            }
        }

        /// How the content came out: "decoded", "inflated", "decompressed".
        package var verb: String {
            switch self {
            case .base64, .hex: "decoded"
            case .gzip, .zlib: "inflated"
            case .lzfse: "decompressed"
            }
        }
    }

    package let kind: Kind
    /// Size of the wrapped bytes (the file, or the previous layer's content).
    package let outerSize: Int
    /// Size of the content taken out.
    package let innerSize: Int
    /// Problems met while unwrapping (damaged stream, size limit), in words.
    package let problems: [Diagnostic]

    package init(kind: Kind, outerSize: Int, innerSize: Int, problems: [Diagnostic]) {
        self.kind = kind
        self.outerSize = outerSize
        self.innerSize = innerSize
        self.problems = problems
    }

}
