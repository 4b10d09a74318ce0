import Testing
@testable import ArchiveModel
@testable import ArchiveCore
@testable import ArchivePresentation
@testable import ArchiveSources
import TestSupport

/// Issue 25.9: no message template says "a invalid", "an UID", "1 more objects", "2 object" or
/// "embedded in #19 1". Checked over every registered summary and explanation, and over what the
/// tool produces for many inputs: the diagnostics and notes of the demo archives, every corpus file
/// and damaged copies of each, the reasons of dangling and invalid values, and object summaries.
@Suite struct MessageGrammarTests {
    /// The grammar problems in `text`: an article that does not fit the next word's sound, a count of
    /// 1 before a plural noun, a count other than 1 before a singular one (with `counts`), and an
    /// object number followed by a bare number.
    static func problems(in text: String, counts: Bool = true) -> [String] {
        let text = ourText(text)
        var found: [String] = []
        for match in matches(#"(?<![\w\\.$'#-])(a|an) ([^\s,;:()]+)"#, in: text) {
            let word = match[2]
            // A symbol ("an '&'") is read by its name, which this check does not know.
            guard let first = word.drop(while: { "\"'`$<".contains($0) }).first, first.isLetter || first.isNumber else { continue }
            if (match[1] == "a") == English.startsWithVowelSound(word) { found.append(match[0]) }
        }
        let plurals = countedNouns.values.joined(separator: "|"), singulars = countedNouns.keys.joined(separator: "|")
        let adjective = #"(?:more |other |stored |unreachable |lost |shared |open )?"#
        for match in matches(#"(?<![\w.#\[+\-])(?<![+\-] )\b1 "# + adjective + "(?:" + plurals + #")\b"#, in: text) { found.append(match[0]) }
        if counts {
            for match in matches(#"(?<![\w.#\[+\-])\b(\d+) "# + adjective + "(" + singulars + #")\b(?![-\w])"#, in: text) where match[1] != "1" {
                found.append(match[0])
            }
        }
        for match in matches(#"#\d+ \d+"#, in: text) { found.append(match[0]) }
        return found
    }

    /// The groups of every match of `pattern` in `text`.
    static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [["bad pattern " + pattern]] }
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { m in
            (0..<m.numberOfRanges).map { m.range(at: $0).location == NSNotFound ? "" : ns.substring(with: m.range(at: $0)) }
        }
    }

    /// Nouns counted in messages, singular → plural.
    static let countedNouns: [String: String] = [
        "object": "objects", "error": "errors", "warning": "warnings", "note": "notes", "byte": "bytes", "entry": "entries",
        "item": "items", "field": "fields", "value": "values", "reference": "references", "key": "keys", "element": "elements",
        "run": "runs", "character": "characters", "digit": "digits", "sequence": "sequences", "diagnostic": "diagnostics",
        "level": "levels", "referrer": "referrers", "time": "times", "string": "strings",
        "attribute": "attributes", "superclass": "superclasses", "file": "files", "archive": "archives", "unit": "units",
    ]

    /// `text` with what it quotes from the file (`"…"`) cut to its first character (the article before
    /// a quotation goes by its sound, the rest is not ours to correct).
    static func ourText(_ text: String) -> String {
        var out = "", quoted = false, previous: Character = " ", kept = 0
        for c in text {
            if c == "\"" && previous != "\\" {
                quoted.toggle()
                out.append(quoted ? "\"" : "…\"")
                kept = 0
            } else if !quoted || kept < 1 {
                out.append(c)
                kept += 1
            }
            previous = c
        }
        return out
    }

    @Test func theCheckerFindsTheIssuesExamples() {
        #expect(Self.problems(in: "a invalid marker") == ["a invalid"])
        #expect(Self.problems(in: "a integer, a XML plist, an UID") == ["a integer", "a XML", "an UID"])
        #expect(Self.problems(in: "nor 1 more objects it leads to") == ["1 more objects"])
        #expect(Self.problems(in: "in the bplist00 embedded in #19 1 at its offset 112") == ["#19 1"])
        #expect(Self.problems(in: "2 object, 0 error") == ["2 object", "0 error"])
        #expect(Self.problems(in: "an integer, a UID, an XML plist, 1 object, 2 objects, an \"apple\" key, an 8-byte value").isEmpty)
        #expect(Self.problems(in: "at offset 56: object #3, offset 1430 (object numbers), n + 1 bytes, a \\U escape, a NULL pointer").isEmpty)
        #expect(Self.problems(in: "a \"apple\" key") == ["a \"a…\""])
    }

    @Test func registeredSummariesAndExplanations() {
        var found: [String] = []
        for kind in DiagnosticRegistry.all {
            // Explanations give error codes ("an NSCocoaErrorDomain 4864 error"): no count check there.
            for problem in Self.problems(in: kind.summary) + Self.problems(in: kind.explanation, counts: false) { found.append("\(kind.id): \(problem)") }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// Every message and reason the tool wrote for `document`.
    static func messages(of document: ArchiveDocument) -> [String] {
        let graph = document.graph
        var texts: [String] = []
        for d in DocumentCheck.fullCheck(of: graph) {
            texts.append(d.message)
            texts += d.notes.map(\.message)
        }
        let outline = Outline(graph: graph, index: nil)
        for id in 0..<min(graph.objectCount, 500) {
            let view = outline.view(id)
            texts.append(view.summary)
            for field in view.object.fields {
                switch field.value {
                case .invalid(let why): texts.append(why)
                case .reference(.dangling(_, let reason)): texts.append(reason)
                default: break
                }
            }
        }
        return texts
    }

    /// The documents to check: the demo archives, and every corpus file with damaged copies of it.
    static func documents(_ body: (String, ArchiveDocument) -> Void) {
        for corrupt in [false, true] {
            body("demo", ArchiveDocument.open(InputBytes(DemoArchive.bytes(corrupt: corrupt)), name: "demo"))
        }
        body("embedded", ArchiveDocument.open(InputBytes(EmbeddedCheckTests.outer()), name: "outer"))
        guard Corpus.root != nil else { return }
        for folder in ["keyed-binary", "keyed-xml", "plist", "typedstream", "corrupt", "encodings", "other", "nibarchive"] {
            for path in Corpus.files(folder) {
                guard let input = try? InputBytes.read(path: path), input.count <= 1 << 18 else { continue }
                let bytes = input.bytes(in: ByteRange(0, input.count))
                body(path, ArchiveDocument.open(input, name: path))
                for variant in input.count <= 1 << 16 ? damagedCopies(of: bytes) : [] {
                    body(path + " (damaged)", ArchiveDocument.open(InputBytes(variant), name: path))
                }
            }
        }
    }

    /// A few truncations and byte changes of `bytes`, chosen by position (deterministic).
    static func damagedCopies(of bytes: [UInt8]) -> [[UInt8]] {
        guard bytes.count > 16 else { return [] }
        var copies = [Array(bytes.dropLast()), Array(bytes.prefix(bytes.count / 2))]
        for fraction in [3, 6] {
            var changed = bytes
            let at = bytes.count * fraction / 8
            changed[at] ^= 0x41
            copies.append(changed)
        }
        var tail = bytes
        tail[bytes.count - 2] = 0xFF // a binary plist's top object, or a text file's last character
        copies.append(tail)
        return copies
    }

    @Test(.tags(.slow)) func producedMessages() {
        var found: [String: String] = [:]
        var count = 0
        Self.documents { name, document in
            for text in Self.messages(of: document) {
                count += 1
                for problem in Self.problems(in: text) where found[problem] == nil { found[problem] = "\(name): \(text)" }
            }
        }
        // The corpus and its damaged copies give thousands of messages; the built documents alone about a hundred.
        #expect(count > (Corpus.isPresent ? 1_000 : 100), "messages checked: \(count)")
        #expect(found.isEmpty, "\(found.sorted { $0.key < $1.key }.map { "\($0.key)  ←  \($0.value.prefix(300))" }.joined(separator: "\n"))")
    }
}

import Foundation
