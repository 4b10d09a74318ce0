import ArchiveCore

/// Where the input ended inside a typedstream, as the decoder first met it (FORMATS.md D.3–D.6).
///
/// A typedstream has no length field for the whole stream, so this is what can be said about a cut:
/// the value the end fell in (with how many bytes its declared length, or the read that failed, still
/// needed) and the objects still open, each of which lacks at least its end-of-object marker `86`.
package struct TypedstreamEnding: Sendable, Equatable {
    /// The value the end of the input cut.
    package struct CutValue: Sendable, Equatable {
        /// Where the value starts.
        package let start: Int
        /// What it is ("a '+' byte string", "the class of object #3").
        package let what: String
        /// Bytes it needed past the end of the input (at least 1).
        package let missing: Int
        /// Whether `missing` is the value's declared length less what remained (exact), rather than the
        /// size of the read that failed (a lower bound).
        package let declared: Bool
    }

    /// An object between its `84` and its `86` when the input ended.
    package struct OpenObject: Sendable, Equatable {
        package let id: ObjectID
        package let start: Int
    }

    /// Open objects kept one by one (the innermost); a stream nested a million deep keeps only its count.
    static let keptOpenObjects = 3

    /// The value the end cut; nil when the end fell between values (after a whole group).
    package let cut: CutValue?
    /// How many objects were still open.
    package let openCount: Int
    /// The innermost of them (up to `keptOpenObjects`), outermost first.
    package let innermostOpen: [OpenObject]

    /// The fewest bytes missing: what the cut value needed, and one `86` per open object.
    package var missingAtLeast: Int { (cut?.missing ?? 0) &+ openCount }
}

extension TypedstreamDecoding {
    /// Records the first place the input ended inside the stream (not in a replay, which reads an
    /// object the index already holds): `cut` is the value it fell in, if any.
    mutating func noteEnding(_ cut: TypedstreamEnding.CutValue?) {
        guard ending == nil, replay == nil else { return }
        var count = 0
        var innermost: [TypedstreamEnding.OpenObject] = []
        for frame in frames.reversed() {
            guard case .object(let id) = frame.kind else { continue }
            count += 1
            if innermost.count < TypedstreamEnding.keptOpenObjects { innermost.append(TypedstreamEnding.OpenObject(id: id, start: frame.start)) }
        }
        ending = TypedstreamEnding(cut: cut, openCount: count, innermostOpen: innermost.reversed())
    }
}
