/// What a salvage of a graph gave: a new file's bytes, or the reason nothing was written.
package enum SalvageOutcome: Sendable {
    /// The new file's bytes and what was kept, changed and dropped to make them.
    case written(bytes: [UInt8], content: SalvagedContent)
    /// Nothing was written; the message says why.
    case refused(String)

    /// The refusal for an input in a format this tool does not decode (named `formatName`).
    package static func notDecoded(_ formatName: String) -> SalvageOutcome {
        .refused("the input is \(English.article(formatName)), not an archive this tool decodes, so nothing can be salvaged")
    }
}

/// A graph whose decodable part can be written again as a new, valid file that its readers take for
/// the original (`--salvage`): a keyed archive as a keyed archive, a plain property list as a binary
/// plist. Conformed to by the graph types that can (in the `KeyedArchive` target); for any other
/// format the descriptor's `salvageRefusal(of:)` says why not.
package protocol SalvageableGraph: ObjectGraph {
    /// This graph's decodable part written as a new file, with what was left out or replaced.
    func salvage() -> SalvageOutcome
}
