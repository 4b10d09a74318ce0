import ArchiveCore

/// Every problem the typedstream decoder reports, with typed fields: its catalog code (id and
/// severity, `TypedstreamCode`) and its message (`TypedstreamIssue+Messages.swift`) in one place.
///
/// Fields named `what` or `expected` are noun phrases already built by the decoder ("the system
/// version", "a value of type 'i'"); offsets are byte offsets in the input.
enum TypedstreamIssue: Sendable {
    // Header.
    case header(version: Int, bigEndian: Bool, system: Int128, nextStep: Bool)
    case headerEmpty
    /// The input ends at `end`, inside `part` of the header.
    case headerCut(end: Int, part: String)
    case headerBadVersion(version: UInt8)
    case headerOldVersion
    case headerBadSignatureLength(length: UInt8)
    case headerBadSignature(shown: String, bigEndian: Bool)
    case headerUnknownSystemVersion(system: Int128)
    case streamEmpty(headerSize: Int)
    // Values.
    case truncated(end: Int, what: String, start: Int, needs: Int)
    case unexpectedTag(tag: UInt8, offset: Int, expected: String)
    case int8Tag(offset: Int)
    case lengthPastEnd(what: String, start: Int, claimed: Int128, remaining: Int)
    case stringNilLiteral(what: String, offset: Int)
    case stringRefOutOfRange(index: Int128, what: String, offset: Int, tableSize: Int, consequence: String)
    case cStringNil(offset: Int)
    case cStringNulByte(id: Int, offset: Int)
    case boolInvalid(offset: Int, value: UInt8)
    // References and classes.
    case refOutOfRange(kind: String, index: Int128, offset: Int, tableSize: Int)
    case refTypeMismatch(offset: Int, expected: String, target: Int, found: String)
    case refSelf(id: Int, offset: Int)
    case refInProgress(offset: Int, target: Int, className: String)
    case classChainCycle(offset: Int, target: Int)
    case classNilName(id: Int, offset: Int)
    case classNegativeVersion(name: String, id: Int, version: Int)
    case classVersionConflict(name: String, id: Int, version: Int, earlierID: Int, earlierVersion: Int)
    case classChainTooDeep(id: Int, limit: Int)
    // Objects.
    case objectNilClass(id: Int, offset: Int)
    case objectUnterminated(id: Int, className: String, start: Int, why: String)
    case objectNoSuchID(id: Int, tableSize: Int)
    case objectStrayEnd(offset: Int)
    /// Object `id` and `behind` more lost objects only it leads to are reached from no top-level value.
    case objectUnreachable(id: Int, className: String?, behind: Int)
    /// `count` lost objects in all, past the `listed` groups reported one by one.
    case objectsUnreachable(count: Int, listed: Int)
    // Type strings.
    case typeNil(offset: Int)
    case typeEmpty(offset: Int)
    case typeUnsupported(code: String, location: String, types: String, stopsAt: Int)
    case typeMalformed(types: String, why: String, location: String, from: Int)
    /// A type string that cannot be decoded for no more specific reason.
    case typeUndecodable(types: String, offset: Int)
    case typeIgnoredInt(offset: Int)
    case typeAtom(offset: Int)
    // Recovery and limits.
    case resyncSkipped(count: Int, from: Int, found: String, resumeAt: Int)
    case resyncFailed(why: String, count: Int, from: Int)
    case limitValues(budget: Int, inputSize: Int, offset: Int)
    // Known classes.
    /// Run `run` of attributed string #`id` covers `[start, end)` of a string of `units` UTF-16 units.
    case attributedStringRunPastEnd(id: Int, className: String, run: Int, start: Int, end: Int, units: Int, more: Int)

    /// The catalog entry of the problem (its id and default severity).
    var code: TypedstreamCode {
        switch self {
        case .header: .headerInfo
        case .headerEmpty, .headerCut: .headerTruncated
        case .headerBadVersion: .headerBadVersion
        case .headerOldVersion: .headerOldVersion
        case .headerBadSignatureLength: .headerBadSignatureLength
        case .headerBadSignature: .headerBadSignature
        case .headerUnknownSystemVersion: .headerUnknownSystemVersion
        case .streamEmpty: .streamEmpty
        case .truncated: .eofTruncated
        case .unexpectedTag: .tagUnexpected
        case .int8Tag: .int8Byte
        case .lengthPastEnd: .lengthPastEnd
        case .stringNilLiteral: .stringNilLiteral
        case .stringRefOutOfRange: .stringRefOutOfRange
        case .cStringNil: .cStringNil
        case .cStringNulByte: .cStringNulByte
        case .boolInvalid: .boolInvalid
        case .refOutOfRange: .refOutOfRange
        case .refTypeMismatch: .refTypeMismatch
        case .refSelf: .refSelf
        case .refInProgress: .refInProgress
        case .classChainCycle: .classChainCycle
        case .classNilName: .classNilName
        case .classNegativeVersion: .classNegativeVersion
        case .classVersionConflict: .classVersionConflict
        case .classChainTooDeep: .classChainTooDeep
        case .objectNilClass: .objectNilClass
        case .objectUnterminated: .objectUnterminated
        case .objectNoSuchID: .objectNoSuchID
        case .objectStrayEnd: .objectStrayEnd
        case .objectUnreachable, .objectsUnreachable: .objectUnreachable
        case .typeNil: .typeNil
        case .typeEmpty: .typeEmpty
        case .typeUnsupported: .typeUnsupported
        case .typeMalformed, .typeUndecodable: .typeMalformed
        case .typeIgnoredInt: .typeIgnoredInt
        case .typeAtom: .typeAtom
        case .resyncSkipped: .resyncSkipped
        case .resyncFailed: .resyncFailed
        case .limitValues: .limitValues
        case .attributedStringRunPastEnd: .attributedStringRunPastEnd
        }
    }

    /// A diagnostic of this issue at `range`.
    func diagnostic(_ range: ByteRange?, notes: [DiagnosticNote] = []) -> Diagnostic {
        Diagnostic(code, message, range: range, notes: notes)
    }
}
