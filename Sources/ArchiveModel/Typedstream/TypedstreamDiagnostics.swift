/// Stable ids of the diagnostics the typedstream decoder produces.
public enum TypedstreamDiagnosticID {
    /// Note: streamer version, byte order and system version.
    public static let header = "typedstream.header"
    /// The input ends inside the header.
    public static let headerTruncated = "typedstream.header.truncated"
    /// Streamer version other than 3 or 4.
    public static let headerBadVersion = "typedstream.header.bad-version"
    /// Streamer version 3 (old NeXTSTEP): decoded as version 4.
    public static let headerOldVersion = "typedstream.header.old-version"
    /// Signature length byte other than 11.
    public static let headerBadSignatureLength = "typedstream.header.bad-signature-length"
    /// Neither `streamtyped` nor `typedstream`.
    public static let headerBadSignature = "typedstream.header.bad-signature"
    /// A system version none of the known writers use.
    public static let headerUnknownSystemVersion = "typedstream.header.unknown-system-version"
    /// Nothing follows the header.
    public static let streamEmpty = "typedstream.stream.empty"
    /// The input ends inside a value.
    public static let truncated = "typedstream.eof.truncated"
    /// A tag byte where it has no meaning (e.g. `84` where an integer is expected).
    public static let unexpectedTag = "typedstream.tag.unexpected"
    /// Note: an `87` 8-byte integer (crabstep's extension).
    public static let int8Tag = "typedstream.int.8-byte"
    /// A string or array length larger than the bytes left.
    public static let lengthPastEnd = "typedstream.length.past-end"
    /// `84 85`: a literal shared string that is nil.
    public static let stringNilLiteral = "typedstream.string.nil-literal"
    /// A shared-string reference past the end of the shared-string table.
    public static let stringRefOutOfRange = "typedstream.string.ref-out-of-range"
    /// A literal C string made of a nil shared string.
    public static let cStringNil = "typedstream.cstring.nil"
    /// A C string containing a zero byte.
    public static let cStringNulByte = "typedstream.cstring.nul-byte"
    /// An object-table reference past the end of the table.
    public static let refOutOfRange = "typedstream.ref.out-of-range"
    /// An object-table reference to an entry of the wrong kind (a class where an object is expected…).
    public static let refTypeMismatch = "typedstream.ref.type-mismatch"
    /// Note: an object refers to itself while it is being decoded.
    public static let refSelf = "typedstream.ref.self"
    /// Note: a reference to an enclosing object that is still being decoded (a cycle).
    public static let refInProgress = "typedstream.ref.in-progress"
    /// A superclass reference into the class chain being read.
    public static let classChainCycle = "typedstream.class.chain-cycle"
    /// A class whose name is nil.
    public static let classNilName = "typedstream.class.nil-name"
    /// A negative class version.
    public static let classNegativeVersion = "typedstream.class.negative-version"
    /// The same class name recorded again with another version.
    public static let classVersionConflict = "typedstream.class.version-conflict"
    /// A superclass chain longer than the display limit.
    public static let classChainTooDeep = "typedstream.class.chain-too-deep"
    /// An object whose class is nil.
    public static let objectNilClass = "typedstream.object.nil-class"
    /// An object without its `86` end marker.
    public static let objectUnterminated = "typedstream.object.unterminated"
    /// `object(_:)` was asked for an id outside the object table.
    public static let objectNoSuchID = "typedstream.object.no-such-id"
    /// An `86` end marker outside any object.
    public static let objectStrayEnd = "typedstream.object.stray-end"
    /// A nil type-encoding string.
    public static let typeNil = "typedstream.type.nil"
    /// An empty type-encoding string.
    public static let typeEmpty = "typedstream.type.empty"
    /// A type the format cannot carry (`( ^ ? b v` …).
    public static let typeUnsupported = "typedstream.type.unsupported"
    /// A broken type-encoding string.
    public static let typeMalformed = "typedstream.type.malformed"
    /// `!` (ignored int): no data; macOS's NSUnarchiver refuses it.
    public static let typeIgnoredInt = "typedstream.type.ignored-int"
    /// Note: `%` (NXAtom), a NeXTSTEP type macOS's NSUnarchiver refuses.
    public static let typeAtom = "typedstream.type.atom"
    /// A `B` byte other than 0 or 1.
    public static let boolInvalid = "typedstream.bool.invalid"
    /// Bytes skipped to resume after an error.
    public static let resyncSkipped = "typedstream.resync.skipped"
    /// No place to resume was found: the rest is not decoded.
    public static let resyncFailed = "typedstream.resync.failed"
    /// Too many values for the input size (zero-size types repeated); decoding ends.
    public static let limitValues = "typedstream.limit.values"

    /// Every id, for documentation and tests.
    public static let all: [String] = [
        header, headerTruncated, headerBadVersion, headerOldVersion, headerBadSignatureLength, headerBadSignature,
        headerUnknownSystemVersion, streamEmpty, truncated, unexpectedTag, int8Tag, lengthPastEnd, stringNilLiteral,
        stringRefOutOfRange, cStringNil, cStringNulByte, refOutOfRange, refTypeMismatch, refSelf, refInProgress,
        classChainCycle, classNilName, classNegativeVersion, classVersionConflict, classChainTooDeep, objectNilClass,
        objectUnterminated, objectNoSuchID, objectStrayEnd, typeNil, typeEmpty, typeUnsupported, typeMalformed, typeIgnoredInt, typeAtom,
        boolInvalid, resyncSkipped, resyncFailed, limitValues,
    ]
}
