/// A UTF-16 or UTF-32 file turned into the UTF-8 text the XML and OpenStep decoders read, with the
/// map from text offsets back to the file and the problems met on the way (in file offsets, with the
/// line:column of the text).
package struct TranscodedText {
    /// The text, without the byte-order mark.
    package let text: InputBytes
    package let map: TextOffsetMap
    package let diagnostics: [Diagnostic]
}

/// Transcodes UTF-16 and UTF-32 (either byte order) to UTF-8 in one pass. A unit that is not a scalar
/// becomes U+FFFD with a diagnostic; a partial unit at the end is left out with one.
package enum TextTranscoder {
    /// Problems of one id listed one by one; the rest are counted in one more diagnostic.
    static let reportLimit = 20

    package static func transcode(_ input: InputBytes, _ encoding: TextEncoding) -> TranscodedText {
        let start = Swift.min(encoding.byteOrderMarkLength, input.count)
        var textOffsets: [Int] = [0], fileOffsets: [Int] = [start]
        var diagnostics: [Diagnostic] = []
        var counts: [TextEncodingCode: Int] = [:]
        var lastReported: [TextEncodingCode: ByteRange] = [:]
        var line = 1, lineStart = 0, afterCR = false
        let reader = withExtendedLifetime(input) { UnicodeUnitReader(input.buffer, form: encoding.form, start: start) }
        let width = encoding.form.unitWidth, stride = TextOffsetMap.stride

        func record(_ code: TextEncodingCode, _ message: String, _ range: ByteRange, textOffset: Int) {
            counts[code, default: 0] += 1
            guard (counts[code] ?? 0) <= reportLimit else { return }
            lastReported[code] = range
            diagnostics.append(Diagnostic(code, message, range: range, position: TextPosition(line: line, column: textOffset - lineStart + 1)))
        }

        let capacity = UnicodeUnitReader.utf8Capacity(fileBytes: reader.end - start, form: encoding.form)
        let text = withExtendedLifetime(input) {
            InputBytes(capacity: capacity) { out in
                var file = start, scalars = 0, o = 0
                while file < reader.end {
                    // ASCII other than CR and LF (nearly all of a plist's markup) takes the short way.
                    if let ascii = reader.ascii(at: file), ascii != 0x0A, ascii != 0x0D {
                        out[o] = ascii
                        o += 1
                        file += width
                        afterCR = false
                    } else {
                        let step = reader.step(at: file)
                        if let problem = step.problem {
                            let range = ByteRange(start: file, count: step.fileLength)
                            switch problem {
                            case .unpairedSurrogate(let unit):
                                record(.unpairedSurrogate, "UTF-16 unit \(hex(unit)) at offset \(file) is half of a surrogate pair without its other half; read as U+FFFD", range, textOffset: o)
                            case .invalidScalar(let value):
                                record(.invalidScalar, "UTF-32 value \(hex(value)) at offset \(file) is no Unicode scalar (\(value <= 0xDFFF ? "a surrogate" : "above U+10FFFF")); read as U+FFFD", range, textOffset: o)
                            }
                        }
                        o = UnicodeUnitReader.writeUTF8(step.scalar, to: out, at: o)
                        file += step.fileLength
                        // Lines end after LF, after CR LF, and after a CR not followed by LF.
                        if step.scalar == 0x0A {
                            if !afterCR { line += 1 }
                            lineStart = o
                            afterCR = false
                        } else if step.scalar == 0x0D {
                            line += 1
                            lineStart = o
                            afterCR = true
                        } else {
                            afterCR = false
                        }
                    }
                    scalars += 1
                    if scalars % stride == 0 {
                        textOffsets.append(o)
                        fileOffsets.append(file)
                    }
                }
                return o
            }
        }
        for code in [TextEncodingCode.unpairedSurrogate, .invalidScalar] {
            let total = counts[code] ?? 0
            guard total > reportLimit, let last = lastReported[code] else { continue }
            let what = code == .unpairedSurrogate ? "unpaired surrogate" : "invalid UTF-32 value"
            diagnostics.append(Diagnostic(code, "and " + English.count(total - reportLimit, "more " + what) + " after this one, each read as U+FFFD",
                                          range: ByteRange(last.end, reader.end), position: TextPosition(line: line, column: text.count - lineStart + 1)))
        }
        let leftover = input.count - reader.end
        if leftover > 0 {
            let what = width == 2 ? "an odd length" : "a length that is not a multiple of 4"
            diagnostics.append(Diagnostic(TextEncodingCode.partialUnit,
                "the \(encoding.form.rawValue) file has \(what): "
                    + (leftover == 1 ? "its last byte (offset \(reader.end)) is" : "its last \(leftover) bytes (from offset \(reader.end)) are")
                    + " part of a \(width)-byte unit that is cut off, so the file was probably truncated; \(leftover == 1 ? "it is" : "they are") not decoded",
                range: ByteRange(reader.end, input.count), position: TextPosition(line: line, column: text.count - lineStart + 1)))
        }
        if !encoding.hasByteOrderMark {
            diagnostics.append(Diagnostic(TextEncodingCode.noByteOrderMark,
                "the file is \(encoding.form.rawValue) without a byte-order mark (recognised from the zero bytes of its first characters); "
                    + "CF takes such a file for UTF-16 and reads it as big-endian (recent versions also skip its first two bytes), so Apple's reader is likely to misread it",
                range: ByteRange(0, Swift.min(input.count, encoding.form.unitWidth * 2)), position: TextPosition(line: 1, column: 1)))
        }
        let map = TextOffsetMap(input: input, form: encoding.form, start: start, textOffsets: textOffsets, fileOffsets: fileOffsets,
                                textLength: text.count, fileEnd: reader.end)
        return TranscodedText(text: text, map: map, diagnostics: diagnostics)
    }

    /// `0xD800`, `0x110000`.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
    }
}
