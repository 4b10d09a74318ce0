import ArchiveCore

extension TypedstreamCode {
    /// The `--explain` paragraph: what the diagnostic means, how NSUnarchiver (`typedstream.m`, as
    /// documented by python-typedstream and FORMATS.md §D) behaves, what usually causes it and what to do.
    package var explanation: String {
        switch self {
        case .headerInfo, .headerTruncated, .headerBadVersion, .headerOldVersion, .headerBadSignatureLength,
             .headerBadSignature, .headerUnknownSystemVersion, .streamEmpty:
            headerExplanation
        case .eofTruncated, .tagUnexpected, .int8Byte, .lengthPastEnd, .stringNilLiteral, .stringRefOutOfRange,
             .cStringNil, .cStringNulByte, .boolInvalid:
            valueExplanation
        case .refOutOfRange, .refTypeMismatch, .refSelf, .refInProgress, .classChainCycle, .classNilName,
             .classNegativeVersion, .classVersionConflict, .classChainTooDeep, .objectNilClass, .objectUnterminated,
             .objectNoSuchID, .objectStrayEnd, .objectUnreachable:
            objectExplanation
        default:
            typeExplanation
        }
    }

    private var headerExplanation: String {
        switch self {
        case .headerInfo:
            "Information from the stream's header: the streamer version (4 for every Mac OS X writer, 3 for old NeXTSTEP), the byte order chosen by the signature (\"streamtyped\" is little-endian, \"typedstream\" big-endian) and the system version (1000 for Mac OS X, 82 to 930 for NeXTSTEP releases). It tells which writer made the file and how its numbers are read. Every healthy typedstream has this note; nothing needs doing."
        case .headerTruncated:
            "The input ends before the header is complete: a typedstream starts with a streamer version byte, a signature length byte, an 11-byte signature and the system version, at least 14 bytes in all. NSUnarchiver cannot tell the byte order or version without them and refuses the data, as does pytypedstream. An empty file, or one cut off right at the start by an interrupted write or transfer, is the usual cause. Nothing in the file can be decoded; recover it from its source."
        case .headerBadVersion:
            "The first byte, the streamer version, is neither 4 (every Mac OS X writer) nor 3 (old NeXTSTEP). NSUnarchiver refuses a version it does not know, and pytypedstream does too. Either the file is not a typedstream at all, or its first byte is damaged. This decoder reads on as version 4, so if the rest decodes cleanly the byte was merely corrupted; if nothing decodes, the file is something else."
        case .headerOldVersion:
            "The streamer version is 3, written by old NeXTSTEP releases. The differences between versions 3 and 4 are not documented anywhere public, and pytypedstream does not read version 3, so this decoder reads the stream as version 4. Whether macOS's NSUnarchiver still reads such files is not known. If errors follow later in the stream, they may come from a version difference rather than from damage; compare with other files from the same source."
        case .headerBadSignatureLength:
            "The second byte, the length of the signature, is not 11. Every writer stores 11 there, followed by the 11 letters \"streamtyped\" or \"typedstream\". NSUnarchiver and pytypedstream reject the header. A damaged byte or a file that only resembles a typedstream is the usual cause. This decoder reads an 11-byte signature anyway, so a single corrupted byte does not prevent decoding the rest."
        case .headerBadSignature:
            "The 11 bytes after the length are neither \"streamtyped\" (a little-endian stream, as Intel and Apple silicon Macs write) nor \"typedstream\" (big-endian, as NeXT and PowerPC Macs wrote). The signature is the only place the byte order is recorded, so NSUnarchiver refuses the data. This decoder guesses the order from whichever signature the bytes resemble more; if values then look wrong, the guess was wrong or the file is not a typedstream."
        case .headerUnknownSystemVersion:
            "The system version after the signature is not one a known writer uses: Mac OS X writes 1000, NeXTSTEP releases wrote values between 82 and 930. The value has no effect on how the stream is read, so the rest decodes normally, and NSUnarchiver does not check it. An unusual writer, a GNUstep-era tool, or a damaged byte is the usual cause; it is worth knowing when the file's origin is in doubt."
        default:
            "The header is complete but nothing follows it: the stream holds no values. NSArchiver always writes at least its root object, even when that object is nil, so no Apple writer produces this, and NSUnarchiver returns nothing from such data. The usual cause is a file truncated right after its header (16 bytes for a Mac OS X stream), or a writer that failed after emitting the header. Recover the file from its source."
        }
    }

    private var valueExplanation: String {
        switch self {
        case .eofTruncated:
            "The input ends in the middle of a value: an integer, real, string, object or group that needs more bytes than remain. NSUnarchiver raises an exception and the whole unarchive fails; this decoder keeps everything read before the cut, closes the open objects and reports them as unterminated. The message says what was being read and how many bytes were missing. An interrupted write, a partial download or a blob cut at a fixed size are the usual causes."
        case .tagUnexpected:
            "A tag byte (0x80 to 0x91) appears where it has no meaning, for example 84 (new) where an integer is expected, or 86 (end of object) where a value must start. NSUnarchiver raises an inconsistency exception; pytypedstream stops with an error. Because every reference number depends on everything before it, this usually means the decoder lost step earlier: a damaged byte, or a value whose class encodes more or fewer fields than expected. This decoder skips ahead to a plausible place to resume and reports what it skipped."
        case .int8Byte:
            "An integer is stored with tag 87 followed by 8 bytes. The original NeXT tag list stops at 86 and pytypedstream rejects 87; only crabstep documents it, as the form some writers use for 64-bit NSNumber values. This decoder reads the 8-byte value, so the stream decodes, but other readers may fail on it. It is reported for information: if the file was meant for older tools, they may not read it."
        case .lengthPastEnd:
            "A length field (of a string, byte string or array) claims more bytes than remain in the input. NSUnarchiver would read past the end of the data and raises an exception instead. Either the file is truncated, or the length itself is damaged; when the claimed length is absurdly large compared with the file, damage is more likely. This decoder does not read the value and resumes at the next plausible place; compare the claimed length with the bytes that follow."
        case .stringNilLiteral:
            "A shared string (a type string, class name, selector or atom) starts with 84, which announces a new literal string, but its length is 85, the nil tag. Writers emit a nil shared string as a single 85 and never wrap it in 84, so this is not something NSArchiver produces, and NSUnarchiver fails to read a length from a tag. A damaged byte is the usual cause. This decoder reads the string as nil and goes on."
        case .stringRefOutOfRange:
            "A reference to a shared string (type strings, class names, selectors) points past the end of the shared-string table built so far. References are only valid for strings already read, so NSUnarchiver raises an exception. Since the table is rebuilt by replaying the stream, a single damaged byte earlier, or a group decoded with the wrong number of values, shifts every later number. Look at the first error before this one; it is usually the cause."
        case .cStringNil:
            "A C string value (type '*') starts with 84, announcing a new string, but the shared string inside it is nil. Writers store a NULL C string as a single 85 instead, so NSArchiver never produces this form, and readers disagree on what it means. A damaged byte is the usual cause. This decoder reads the value as nil and does not give it a slot in the object table, so later references may be off by one if the writer did."
        case .cStringNulByte:
            "A C string (type '*') contains a zero byte. C strings end at their first zero byte, so NSArchiver, which measures them with strlen, cannot write one, and any C reader of the value stops there and loses the rest. It usually means binary data was stored as a C string by a non-Apple writer, or the bytes are damaged. This decoder keeps all the bytes, so the full content can be inspected."
        default:
            "A bool (type 'B') is stored as one raw byte and should be 0 or 1, but holds another value. NSUnarchiver copies the byte into the BOOL as it is, so code that compares it with YES may misbehave; pytypedstream rejects it. Apple's writers store only 0 or 1. A damaged byte, or a group whose types were misread earlier so that another value's byte lands here, is the usual cause. This decoder shows the number."
        }
    }

    private var objectExplanation: String {
        switch self {
        case .refOutOfRange:
            "A reference to an object, class or C string points past the end of the object table built so far. References can only name entries already read, so NSUnarchiver raises an inconsistency exception and pytypedstream stops. The table is rebuilt by replaying the stream in order, so one damaged byte earlier, or an object that encoded a different number of values than its class normally reads, shifts every later number. Look at the first error before this one."
        case .refTypeMismatch:
            "A reference names an existing entry of the object table, but of the wrong kind: a class where an object is expected, a C string where a class is expected, and so on. pytypedstream reports \"Object reference type mismatch\" and NSUnarchiver fails too. Like out-of-range references, it usually means the reference numbers are shifted by an earlier problem, so the number lands on a neighbouring entry. Fix or explain the first error in the stream first."
        case .refSelf:
            "An object refers to itself while it is still being decoded, for example a view whose superview pointer leads back to the view. NSArchiver writes such references legally whenever an object graph has cycles: the object's number is taken before its contents are written. Apple's reader accepts them. It is reported for information, so that a browser or script walking the graph knows to stop. Nothing needs fixing."
        case .refInProgress:
            "A reference points to an enclosing object that is still being decoded: the graph has a cycle, such as a subview that refers to its superview, or a delegate that refers back to its owner. NSArchiver writes such references legally because an object's number is assigned before its contents, and NSUnarchiver accepts them. It is reported for information so that tools walking the graph know it is cyclic. Nothing needs fixing."
        case .classChainCycle:
            "While reading a class and its superclasses, a superclass reference points back into the chain being read, so following superclasses would never reach a root. NSArchiver only writes references to classes from earlier chains, so this cannot come from a real writer, and NSUnarchiver would loop or fail. Damaged reference bytes, or a crafted file, are the cause. This decoder cuts the chain at that point."
        case .classNilName:
            "A class record's name is nil. Every class NSArchiver writes has a name, which NSUnarchiver looks up to find the class to instantiate; without one it raises an exception. A damaged byte, typically an 85 where the 84 of a new string or a reference should be, is the usual cause. This decoder keeps the record, shown with a '?' name, so objects of that class are still listed."
        case .classNegativeVersion:
            "A class record's version is negative. Versions come from +version, which classes set to small non-negative numbers (NSString writes 1, NSObject 0), and a class's -initWithCoder: uses it to choose how to read its fields. NSUnarchiver passes the number through, so decoding may take an unexpected path. A damaged byte or a misread stream is the usual cause. This decoder keeps the version as written."
        case .classVersionConflict:
            "The same class name is recorded twice with different versions. NSArchiver writes each class once and refers to it afterwards, so within one stream a class has one version; a second record with another version means the stream was spliced from two archives, or a damaged byte changed one of the versions. NSUnarchiver uses the version of each record for the objects that name it. The message gives both records."
        case .classChainTooDeep:
            "A class has more superclasses than this tool shows (the limit in the message). Real class hierarchies are a few dozen levels deep at most, so such a chain comes from a crafted file, or from a damaged stream in which one long chain of new class records was read. The chain is decoded in full but shown cut at the limit, which keeps displays and searches bounded. Treat the file with suspicion."
        case .objectNilClass:
            "A new object (84) is followed by a nil class (85). NSUnarchiver needs the class to create the object and fails; NSArchiver never writes an object without a class. A damaged byte is the usual cause. This decoder keeps the object, without a class, and reads its contents up to its end marker, so its values are still visible."
        case .objectUnterminated:
            "An object has no end-of-object marker 86: the input ended, or decoding had to stop, while the object's values were still being read. NSUnarchiver expects the marker after the values its class reads and raises an exception without it. The usual causes are a truncated file, or values that could not be decoded so that the marker was never reached. This decoder keeps the values read so far; the message says why the object stopped."
        case .objectUnreachable:
            "An entry of the object table (an object, a class record or a C string) that no top-level value of the stream leads to, through fields, superclasses or classes. NSArchiver writes every object inside the value that first refers to it, so in a sound stream every entry is reached; NSUnarchiver reads the entries it meets but hands back only the top-level values, so this one is lost to the program. It usually follows damage: an object whose end marker is missing, or bytes skipped to resume decoding, cut the link from its container. The browser lists it under lost and found; look at the diagnostics just before its offset."
        case .objectNoSuchID:
            "A tool or script asked for an object number that is not in the object table, for example from a stale reference or an id typed by hand. It is not a defect of the file: the table holds entries numbered from 0 up to one less than its size, and the message gives that size. Use an id from the listing of the file's objects."
        default:
            "An end-of-object marker 86 appears at the top level, where no object is open. NSUnarchiver reads top-level values group by group and fails on a stray marker, as does pytypedstream. It usually means an earlier object was read with more or fewer values than its writer wrote, so its real end marker is read as a separate token, or a byte was damaged. Look at the object before this offset."
        }
    }

    private var typeExplanation: String {
        switch self {
        case .typeNil:
            "A group's type string is nil. Every group of values starts with a type string such as \"@\" or \"iI\" that says what follows, and a group needs at least one type, so NSUnarchiver and pytypedstream fail. A damaged byte (85 where 84 or a reference should be) is the usual cause. This decoder skips the empty group and goes on with the next byte."
        case .typeEmpty:
            "A group's type string is empty (84 followed by a length of 0), so it announces no values. Every group of values starts with a type string such as \"@\" or \"iI\" that says what follows, and NSUnarchiver and pytypedstream reject a group without types; no writer produces one. A damaged length byte is the usual cause, and the bytes that follow are then read as the next group, so later errors may come from the same damage. This decoder skips the empty group and reads on."
        case .typeUnsupported:
            "A type string contains a type that typedstream cannot carry: a pointer (^), union, bit field, void or unknown type (?). pytypedstream does not read these, and how NSArchiver handles them is undocumented. Since the length of such a value is unknown, this decoder cannot skip it: the group stops there and decoding resumes at the next plausible place. The file may come from a writer that encoded raw C structures."
        case .typeMalformed:
            "A type string cannot be parsed: a bracket or brace is not closed, an array has no count, a struct has no '=' or a character makes no sense where it appears. NSUnarchiver cannot know what the values are and fails. A damaged byte inside the string, or a string truncated by the end of the file, is the usual cause. The message gives the position in the string; the group's values are skipped."
        case .typeIgnoredInt:
            "The type string contains '!', an \"ignored int\" that carries no data in the stream. NeXTSTEP writers used it to skip fields, but macOS's NSUnarchiver refuses to decode it (pytypedstream documents this), so such a stream cannot be read by current Apple software. This decoder reads it as nil and goes on. The file comes from NeXTSTEP or was written by an unusual tool."
        case .typeAtom:
            "The type string contains '%', an NXAtom: a NeXTSTEP string uniqued in a global table, stored like a shared string. macOS's NSUnarchiver refuses to decode it (pytypedstream documents this), though NeXTSTEP read it. This decoder reads the atom's text, so the value is shown; it is reported for information, as a sign that the file comes from NeXTSTEP and that current Apple software will not read it."
        case .resyncSkipped:
            "After an error whose extent is unknown, this decoder scanned forward for a place where the stream plausibly goes on (an end-of-object marker or a type string) and skipped the bytes in between. NSUnarchiver would have stopped at the error; the skipped bytes are not decoded, and references after them may be numbered wrongly if the skipped part created table entries. Read the preceding error first; the range shows exactly what was skipped."
        case .resyncFailed:
            "After an error, no place where the stream plausibly goes on was found before the end of the input, or too many errors occurred, so the rest of the file is not decoded. NSUnarchiver would have stopped at the first error anyway. The message gives how many bytes remain undecoded; everything before them is kept. The preceding errors explain what went wrong."
        case .limitValues:
            "The stream announces more values than its size could hold: zero-size types such as '!' or empty structs, repeated in a huge array, would produce millions of values from a few bytes. This decoder stops at a budget proportional to the input size to stay bounded, and NSUnarchiver would spend unbounded time or memory. No real writer produces this; the file is crafted or badly damaged. Everything decoded before the limit is kept."
        default:
            "A run of an NSAttributedString (a stretch of text sharing one attribute dictionary) extends past the end of the string it belongs to: the run lengths, counted in UTF-16 units, add up to more than the string holds. NSArchiver derives the runs from the string itself, so it never writes this, and Foundation applies each run to a range of the string when decoding, where a range beyond the end raises NSRangeException. A damaged run length, or a string replaced without its runs, is the usual cause. The runs are shown as stored."
        }
    }
}
