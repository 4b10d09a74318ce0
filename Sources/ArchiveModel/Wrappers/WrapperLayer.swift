/// One wrapper taken off an input: what it was, how large it was and how large its content is.
package struct WrapperLayer: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case base64, hex, gzip, zlib
        /// An LZFSE / LZVN block stream (`bvx2`, `bvxn`, `bvx-` … `bvx$`).
        case lzfse

        var code: WrapperCode {
            switch self {
            case .base64: .base64
            case .hex: .hex
            case .gzip: .gzip
            case .zlib: .zlib
            case .lzfse: .lzfse
            }
        }

        /// What the wrapper is, for messages: "base64 text", "a gzip stream".
        var noun: String {
            switch self {
            case .base64: "base64 text"
            case .hex: "hexadecimal text"
            case .gzip: "a gzip stream"
            case .zlib: "a zlib stream"
            case .lzfse: "an LZFSE/LZVN block stream"
            }
        }

        /// How the content came out: "decoded", "inflated", "decompressed".
        var verb: String {
            switch self {
            case .base64, .hex: "decoded"
            case .gzip, .zlib: "inflated"
            case .lzfse: "decompressed"
            }
        }
    }

    package let kind: Kind
    /// Size of the wrapped bytes (the file, or the previous layer's content).
    let outerSize: Int
    /// Size of the content taken out.
    let innerSize: Int
    /// Problems met while unwrapping (damaged stream, size limit), in words.
    package let problems: [Diagnostic]

    /// The note naming the wrapper, and the problems met.
    package var diagnostics: [Diagnostic] {
        let note = Diagnostic(kind.code,
                              "the archive is wrapped in \(kind.noun): \(ValueFormatter.byteCount(outerSize)) \(kind.verb) to "
                              + "\(ValueFormatter.byteCount(innerSize)); offsets shown are offsets into the \(kind.verb) bytes, not into the file")
        return [note] + problems
    }
}
