import ArchiveCore

/// Keeps a property list within the nesting CoreFoundation reads: `PropertyListSerialization` refuses
/// a plist with more than 512 containers one inside another ("Too many nested arrays or
/// dictionaries"; `_CFPropertyListMaxRecursionDepth`, 512 on macOS, 128 on iOS, tvOS and watchOS).
/// A container that would open below `containerLimit` open containers is written as one string,
/// `$tooDeep: …`, and what it held is left out; the sink counts them (`cutContainers`), and the
/// command line says so. The limit keeps one level free, because a sink writes some scalars as a
/// one-key dictionary (`{"$null": true}`, a UID in XML).
///
/// `--unarchive xml1` and `binary1` write through it; JSON has no such reader limit, and
/// `--unarchive json` keeps the whole document.
package struct NestingLimitedSink<Base: ExportSink>: ExportSink {
    package private(set) var base: Base
    /// Containers that may be open at once in `base`.
    package let containerLimit: Int
    /// Containers written as a `$tooDeep` string.
    package private(set) var cutContainers = 0
    private var depth = 0
    /// Containers open inside the one being left out (0: writing).
    private var skipped = 0

    /// CoreFoundation's nesting limit on macOS (the widest of Apple's readers).
    package static var coreFoundationLimit: Int { CoreFoundationNesting.limit }

    /// `base`, written within CoreFoundation's nesting limit (`containerLimit` one less).
    package init(_ base: Base, containerLimit: Int = Self.coreFoundationLimit - 1) {
        self.base = base
        self.containerLimit = containerLimit
    }

    /// The text written in place of a container left out.
    package static func placeholder(_ kind: String, limit: Int) -> String {
        "$tooDeep: \(English.article(kind)) inside \(limit) others, deeper than CoreFoundation reads a property list (--unarchive json keeps it)"
    }

    package mutating func beginArray() {
        if begin("array") { base.beginArray() }
    }

    package mutating func beginDictionary() {
        if begin("dictionary") { base.beginDictionary() }
    }

    package mutating func endArray() {
        if end() { base.endArray() }
    }

    package mutating func endDictionary() {
        if end() { base.endDictionary() }
    }

    package mutating func key(_ key: String) {
        if skipped == 0 { base.key(key) }
    }

    package mutating func scalar(_ value: ExportScalar) {
        if skipped == 0 { base.scalar(value) }
    }

    package mutating func finish() { base.finish() }

    /// Whether the container opening now is written; else its placeholder is, or it lies inside one.
    private mutating func begin(_ kind: String) -> Bool {
        if skipped > 0 {
            skipped += 1
            return false
        }
        guard depth < containerLimit else {
            skipped = 1
            cutContainers += 1
            base.scalar(.string(Self.placeholder(kind, limit: containerLimit)))
            return false
        }
        depth += 1
        return true
    }

    /// Whether the container closing now was written.
    private mutating func end() -> Bool {
        if skipped > 0 {
            skipped -= 1
            return false
        }
        depth = Swift.max(0, depth - 1)
        return true
    }
}
