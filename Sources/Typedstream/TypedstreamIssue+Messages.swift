import ArchiveCore

extension TypedstreamIssue {
    /// The lowercase, specific message of the `--check` line.
    var message: String {
        switch self {
        case .header(let version, let bigEndian, let system, let nextStep):
            "typedstream version \(version), \(endianness(bigEndian)), system version \(system)" + (nextStep ? " (NeXTSTEP)" : "")
        case .headerEmpty:
            "the input is empty; a typedstream starts with a header of at least 14 bytes"
        case .headerCut(let end, let part):
            "the input ends at offset \(end) inside \(part)"
        case .headerBadVersion(let version):
            "streamer version \(version) is not a known typedstream version (3 or 4); decoding as version 4"
        case .headerOldVersion:
            "streamer version 3 (old NeXTSTEP) is decoded as version 4; its differences are not documented, so later errors may come from them"
        case .headerBadSignatureLength(let length):
            "signature length is \(length), not 11; reading an 11-byte signature anyway"
        case .headerBadSignature(let shown, let bigEndian):
            "signature \"\(shown)\" is neither \"streamtyped\" (little-endian) nor \"typedstream\" (big-endian); assuming \(endianness(bigEndian))"
        case .headerUnknownSystemVersion(let system):
            "system version \(system) is none of those known writers use (1000 for Mac OS X, 82–930 for NeXTSTEP)"
        case .streamEmpty(let headerSize):
            "the stream holds no values after the \(headerSize)-byte header"
        case .truncated(let end, let what, let start, let needs):
            "the input ends at offset \(end) inside \(what) that starts at offset \(start) (\(English.count(Swift.max(1, needs), "more byte")) needed)"
        case .unexpectedTag(let tag, let offset, let expected):
            "unexpected tag 0x\(byteHex(tag)) at offset \(offset) where \(expected) was expected"
        case .int8Tag(let offset):
            "8-byte integer (tag 87) at offset \(offset); only crabstep documents this tag (for 64-bit NSNumbers) and pytypedstream rejects it"
        case .lengthPastEnd(let what, let start, let claimed, let remaining):
            "\(what) at offset \(start) needs \(English.count(claimed, "byte")) but only \(remaining) \(remaining == 1 ? "remains" : "remain") in the input"
        case .stringNilLiteral(let what, let offset):
            "\(what) at offset \(offset) is a literal shared string (84) holding nil (85)"
        case .stringRefOutOfRange(let index, let what, let offset, let tableSize, let consequence):
            "reference \(index) to \(what) at offset \(offset) is out of range (the shared-string table has \(English.count(tableSize, "string")))\(consequence)"
        case .cStringNil(let offset):
            "literal C string at offset \(offset) holds a nil string"
        case .cStringNulByte(let id, let offset):
            "the C string #\(id) at offset \(offset) contains a zero byte; C readers stop there"
        case .boolInvalid(let offset, let value):
            "bool (type 'B') at offset \(offset) is \(value), not 0 or 1"
        default:
            objectMessage
        }
    }

    /// Messages about references, classes, objects, type strings and recovery.
    private var objectMessage: String {
        switch self {
        case .refOutOfRange(let kind, let index, let offset, let tableSize):
            "\(kind) reference \(index) at offset \(offset) is out of range (\(Self.objectTable(tableSize)))"
        case .refTypeMismatch(let offset, let expected, let target, let found):
            "reference at offset \(offset) expects \(expected) but #\(target) is \(found)"
        case .refSelf(let id, let offset):
            "object #\(id) refers to itself at offset \(offset) while it is being decoded"
        case .refInProgress(let offset, let target, let className):
            "reference at offset \(offset) to object #\(target) (\(className)), which is still being decoded (a cycle)"
        case .classChainCycle(let offset, let target):
            "superclass reference at offset \(offset) points to class #\(target), which is part of the chain being read"
        case .classNilName(let id, let offset):
            "class #\(id) at offset \(offset) has a nil name"
        case .classNegativeVersion(let name, let id, let version):
            "class \(name) (#\(id)) has negative version \(version)"
        case .classVersionConflict(let name, let id, let version, let earlierID, let earlierVersion):
            "class \(name) (#\(id)) has version \(version) but class record #\(earlierID) gave it version \(earlierVersion)"
        case .classChainTooDeep(let id, let limit):
            "class #\(id) has more than \(limit) superclasses; class chains are shown cut there"
        case .objectNilClass(let id, let offset):
            "object #\(id) at offset \(offset) has a nil class"
        case .objectUnterminated(let id, let className, let start, let why):
            "object #\(id) (\(className)) starting at offset \(start) has no end-of-object marker 86: \(why)"
        case .objectNoSuchID(let id, let tableSize):
            "object id \(id) is out of range (\(Self.objectTable(tableSize)))"
        case .objectStrayEnd(let offset):
            "end-of-object marker 86 at offset \(offset) is outside any object"
        case .objectUnreachable(let id, let className, let behind):
            "object #\(id)" + (className.map { " (\(ValueFormatter.excerpt($0)))" } ?? "") + " is not reachable from the stream's top-level values"
                + (behind > 0 ? ", nor \(English.count(behind, "object")) only it leads to" : "")
        case .objectsUnreachable(let count, let listed):
            "\(English.count(count, "object")) in all " + (count == 1 ? "is" : "are") + " not reachable from the stream's top-level values (only the first \(listed) groups are listed)"
        default:
            typeMessage
        }
    }

    private var typeMessage: String {
        switch self {
        case .typeNil(let offset):
            "the type string at offset \(offset) is nil; a group needs at least one type"
        case .typeEmpty(let offset):
            "the type string at offset \(offset) is empty; a group needs at least one type"
        case .typeUnsupported(let code, let location, let types, let stopsAt):
            "unsupported type encoding '\(code)' at \(location) in type string \"\(types)\"; the length of its value is unknown, so the group stops at offset \(stopsAt)"
        case .typeMalformed(let types, let why, let location, let from):
            "malformed type string \"\(types)\": \(why) (at \(location)); its values from offset \(from) on cannot be decoded"
        case .typeUndecodable(let types, let offset):
            "type string \"\(types)\" cannot be decoded at offset \(offset)"
        case .typeIgnoredInt(let offset):
            "type '!' (ignored int) at offset \(offset) carries no data; macOS's NSUnarchiver refuses to decode it"
        case .typeAtom(let offset):
            "atom (type '%') at offset \(offset) is a NeXTSTEP type; macOS's NSUnarchiver refuses it"
        case .resyncSkipped(let count, let from, let found, let resumeAt):
            "skipped \(English.count(count, "byte")) from offset \(from) to resume at \(found) at offset \(resumeAt)"
        case .resyncFailed(let why, let count, let from):
            "\(why); the last \(English.count(count, "byte")) from offset \(from) \(count == 1 ? "is" : "are") not decoded"
        case .limitValues(let budget, let inputSize, let offset):
            "more than \(budget) values for \(English.article("\(inputSize)-byte input")) (zero-size types such as '!' or '{}' repeated); decoding stops at offset \(offset)"
        case .attributedStringRunPastEnd(let id, let className, let run, let start, let end, let units, let more):
            "run \(run) of \(className) #\(id) covers [\(start), \(end)) but its string has \(English.count(units, "UTF-16 unit"))"
                + (more > 0 ? " (and \(English.count(more, "later run")) \(more == 1 ? "lies" : "lie") past the end too)" : "")
        default:
            code.rawValue
        }
    }

    private func endianness(_ bigEndian: Bool) -> String { bigEndian ? "big-endian" : "little-endian" }

    /// "the object table has 3 entries", for out-of-range messages and dangling-reference reasons.
    static func objectTable(_ count: Int) -> String { "the object table has \(English.count(count, "entry", plural: "entries"))" }
}
