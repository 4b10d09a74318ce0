import ArchiveCore

/// Every diagnostic kind the typedstream decoder reports (`TypedstreamIssue` picks one per problem).
///
/// Severities follow what NSUnarchiver (`typedstream.m`, as documented by python-typedstream and
/// FORMATS.md §D) does with the stream: `.error` where it would fail or the bytes cannot be decoded,
/// `.warning` where the stream decodes but no Apple writer produces it, `.note` for information.
package enum TypedstreamCode: String, DiagnosticCatalog {
    // Header.
    case headerInfo = "typedstream.header.info"
    case headerTruncated = "typedstream.header.truncated"
    case headerBadVersion = "typedstream.header.bad-version"
    case headerOldVersion = "typedstream.header.old-version"
    case headerBadSignatureLength = "typedstream.header.bad-signature-length"
    case headerBadSignature = "typedstream.header.bad-signature"
    case headerUnknownSystemVersion = "typedstream.header.unknown-system-version"
    case streamEmpty = "typedstream.stream.empty"
    // Values.
    case eofTruncated = "typedstream.eof.truncated"
    case tagUnexpected = "typedstream.tag.unexpected"
    case int8Byte = "typedstream.int.8-byte"
    case lengthPastEnd = "typedstream.length.past-end"
    case stringNilLiteral = "typedstream.string.nil-literal"
    case stringRefOutOfRange = "typedstream.string.ref-out-of-range"
    case cStringNil = "typedstream.cstring.nil"
    case cStringNulByte = "typedstream.cstring.nul-byte"
    case boolInvalid = "typedstream.bool.invalid"
    // References and classes.
    case refOutOfRange = "typedstream.ref.out-of-range"
    case refTypeMismatch = "typedstream.ref.type-mismatch"
    case refSelf = "typedstream.ref.self"
    case refInProgress = "typedstream.ref.in-progress"
    case classChainCycle = "typedstream.class.chain-cycle"
    case classNilName = "typedstream.class.nil-name"
    case classNegativeVersion = "typedstream.class.negative-version"
    case classVersionConflict = "typedstream.class.version-conflict"
    case classChainTooDeep = "typedstream.class.chain-too-deep"
    // Objects.
    case objectNilClass = "typedstream.object.nil-class"
    case objectUnterminated = "typedstream.object.unterminated"
    case objectNoSuchID = "typedstream.object.no-such-id"
    case objectStrayEnd = "typedstream.object.stray-end"
    case objectUnreachable = "typedstream.object.unreachable"
    // Type strings.
    case typeNil = "typedstream.type.nil"
    case typeEmpty = "typedstream.type.empty"
    case typeUnsupported = "typedstream.type.unsupported"
    case typeMalformed = "typedstream.type.malformed"
    case typeIgnoredInt = "typedstream.type.ignored-int"
    case typeAtom = "typedstream.type.atom"
    // Recovery and limits.
    case resyncSkipped = "typedstream.resync.skipped"
    case resyncFailed = "typedstream.resync.failed"
    case limitValues = "typedstream.limit.values"
    // Known classes.
    case attributedStringRunPastEnd = "typedstream.attributed-string.run-past-end"

    package var severity: Severity {
        switch self {
        // Apple's writers produce these (the header; views that refer to their superview while being
        // decoded) or they are information about a value that decodes.
        case .headerInfo, .int8Byte, .refSelf, .refInProgress, .typeAtom:
            .note
        case .headerOldVersion, .headerUnknownSystemVersion, .streamEmpty, .cStringNulByte, .boolInvalid,
             .classNegativeVersion, .classVersionConflict, .classChainTooDeep, .typeIgnoredInt, .resyncSkipped,
             .objectUnreachable:
            .warning
        default:
            .error
        }
    }

    package var summary: String {
        switch self {
        case .headerInfo: "the stream's version, byte order and system version"
        case .headerTruncated: "the input ends inside the typedstream header"
        case .headerBadVersion: "a streamer version other than 3 or 4"
        case .headerOldVersion: "streamer version 3, written by old NeXTSTEP"
        case .headerBadSignatureLength: "a signature length other than 11"
        case .headerBadSignature: "a signature other than streamtyped or typedstream"
        case .headerUnknownSystemVersion: "a system version no known writer uses"
        case .streamEmpty: "nothing follows the header"
        case .eofTruncated: "the input ends inside a value"
        case .tagUnexpected: "a tag byte where it has no meaning"
        case .int8Byte: "an 8-byte integer (tag 87)"
        case .lengthPastEnd: "a length larger than the bytes left in the input"
        case .stringNilLiteral: "a literal shared string (84) that holds nil (85)"
        case .stringRefOutOfRange: "a reference past the end of the shared-string table"
        case .cStringNil: "a literal C string made of a nil shared string"
        case .cStringNulByte: "a C string that contains a zero byte"
        case .boolInvalid: "a bool (type 'B') other than 0 or 1"
        case .refOutOfRange: "a reference past the end of the object table"
        case .refTypeMismatch: "a reference to an entry of the wrong kind"
        case .refSelf: "an object refers to itself while it is decoded"
        case .refInProgress: "a reference to an enclosing object still being decoded (a cycle)"
        case .classChainCycle: "a superclass reference into the chain being read"
        case .classNilName: "a class record whose name is nil"
        case .classNegativeVersion: "a class record with a negative version"
        case .classVersionConflict: "a class recorded again with another version"
        case .classChainTooDeep: "a class with more superclasses than are shown"
        case .objectNilClass: "an object whose class is nil"
        case .objectUnterminated: "an object without its end-of-object marker 86"
        case .objectNoSuchID: "an object id outside the object table was asked for"
        case .objectStrayEnd: "an end-of-object marker 86 outside any object"
        case .objectUnreachable: "an object the stream's top-level values do not reach"
        case .typeNil: "a group whose type string is nil"
        case .typeEmpty: "a group whose type string is empty"
        case .typeUnsupported: "a type encoding typedstream cannot carry"
        case .typeMalformed: "a type string that cannot be parsed"
        case .typeIgnoredInt: "type '!' (ignored int), which macOS refuses"
        case .typeAtom: "type '%' (NeXTSTEP atom), which macOS refuses"
        case .resyncSkipped: "bytes skipped to resume decoding after an error"
        case .resyncFailed: "no place to resume decoding was found after an error"
        case .limitValues: "more values than the input size allows"
        case .attributedStringRunPastEnd: "an attributed string's run ends past the end of its string"
        }
    }
}
