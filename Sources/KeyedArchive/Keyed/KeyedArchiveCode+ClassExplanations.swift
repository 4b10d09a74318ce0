import ArchiveCore

/// `--explain` paragraphs of the class and reference diagnostics (see `KeyedArchiveCode+Explanations.swift`).
extension KeyedArchiveCode {
    var classExplanation: String {
        switch self {
        case .classMissing:
            """
            An object dictionary needs a $class key whose UID leads to its class dictionary: it is how the unarchiver knows \
            which class to instantiate. swift-corelibs-foundation only treats a dictionary as an archived object when its \
            $class is a UID, so without one the entry is decoded as a plain NSDictionary of its keys instead of the object \
            that was archived. NSKeyedArchiver always writes $class, so its absence means a third-party or hand-written \
            archive, or a damaged key. The message lists the keys present, and a note names a key that is almost $class \
            (bpylist2's test archive uses "$classy"), which is then the key to rename.
            """
        case .classNotUID:
            """
            $class must be a UID, an index into $objects. swift-corelibs-foundation only treats a dictionary as an archived \
            object when its $class is a UID; with another type the entry is decoded as a plain NSDictionary instead of the \
            object, and a decoder that expected the object gets a dictionary or fails. A $class of another type (an integer, \
            a string) is typical of archives converted between plist formats by tools that do not know UIDs: in an XML plist \
            a UID is written <dict><key>CF$UID</key><integer>N</integer></dict>, and a plain <integer> is not one. Convert \
            the value back to a UID.
            """
        case .classOutOfRange:
            """
            The $class UID is an index into $objects, and this one is past the end of the array. No class dictionary can be \
            found for the object, so the unarchiver cannot choose a class and the object does not decode (GNUstep raises \
            NSRangeException for any UID beyond the object table). NSKeyedArchiver writes each class dictionary into \
            $objects before it finishes, so an out-of-range $class means the array was truncated (its last entries, often \
            class dictionaries, cut off), a damaged UID, or a writer that numbered entries it did not write. Other objects \
            of the same class share one class dictionary: their $class shows which UID was meant.
            """
        case .classNotClassDictionary:
            """
            $class must lead to a class dictionary, an entry with $classname (and normally $classes). This one leads to \
            another kind of entry: a string, a number, or an object dictionary. The unarchiver cannot map it to a class: \
            swift-corelibs-foundation fails with "Invalid class … The data may be corrupt." for a dictionary without \
            $classname, and finds no class at all for anything else, so the object does not decode. The usual cause is a UID \
            that is off by some amount, from a damaged reference or a writer that numbered $objects differently than it \
            wrote them; objects of the same class share one class dictionary, so their $class shows the intended UID.
            """
        case .classnameMissing:
            """
            A class dictionary (an entry with $classes or $classname) must name its class in $classname, a string. The \
            unarchiver looks the class up by that name, then by $classhints, then asks its delegate; without a name \
            swift-corelibs-foundation fails with "Invalid class … The data may be corrupt.", and every object of this class \
            fails to decode. NSKeyedArchiver always writes $classname, so a class dictionary without it is hand-made, \
            damaged, or from a tool that stores only $classes. The chain in $classes (most derived class first) usually \
            tells what the name should be.
            """
        case .classesMismatch:
            """
            $classes lists the class and its superclasses, most derived first, so its first element is normally the \
            $classname itself. Here they differ. Unarchivers instantiate the class that $classname names and use $classes \
            only to tell a delegate the original names when that class is unknown \
            (unarchiver(_:cannotDecodeObjectOfClassName:originalClasses:)), so the archive still decodes, but the two disagree \
            about what the object is. NSKeyedArchiver derives both from the same class, also when classForKeyedArchiver \
            substitutes another one; a mismatch points to a hand-edited class name or a third-party writer.
            """
        default:
            """
            The class dictionary has $classname but no $classes chain. NSKeyedArchiver writes it this way when a class-name \
            mapping is in effect (setClassName(_:for:) on the archiver or on NSKeyedArchiver), and the unarchiver does not \
            need the chain: it looks the class up by $classname and passes $classes only to a delegate asked about an \
            unknown class. Apple's writer produces it and its reader accepts it, so this is a note. The browser then knows \
            only the class name, not its superclasses, so it cannot fall back on a known Foundation superclass to present an \
            object of an unfamiliar subclass.
            """
        }
    }

    var referenceExplanation: String {
        switch self {
        case .refDangling:
            """
            A UID is an index into $objects, and this one is past the end of the array. decodeObject(forKey:) on the key \
            fails: swift-corelibs-foundation reports "Invalid object reference … The data may be corrupt." (an exception or \
            an error, depending on the decoding-failure policy, and nil for every decode after it), and GNUstep raises \
            NSRangeException. In $top it means that entry point, typically the root object, cannot be decoded at all. \
            Common causes are a truncated $objects (its last entries cut off, so high UIDs dangle), a damaged byte of the \
            UID, or a writer that counted objects it never wrote. The diagnostic is on the UID's bytes.
            """
        case .refClassDictionary:
            """
            A reference (here an entry of $top) leads to a class dictionary, the entry that $class uses to describe a class, \
            instead of to an object. An unarchiver does not instantiate a class dictionary: swift-corelibs-foundation \
            returns it as a plain dictionary of $classname and $classes, so the program receives an NSDictionary where it \
            expected its root object, and a type check or secure decoding then fails. NSKeyedArchiver refers to class \
            dictionaries only from $class. A UID pointing at one is usually off by some amount (damage, or a writer that \
            numbered its objects differently); the note shows the class dictionary, next to which the intended object often is.
            """
        case .keyNotString:
            """
            Keys of object and class dictionaries must be strings: the keyed coders find values by the string given to \
            decode…(forKey:). The binary plist format allows any object as a dictionary key, and this key is another type (an \
            integer, data, a UID), so no decode call can ever find its value. Core Foundation reads such a plist, but \
            NSKeyedArchiver never writes one. It comes from a hand-built or fuzzed binary plist, or from a damaged key \
            reference that now points at an object that is not a string; the diagnostic is on that key object.
            """
        case .keyDuplicate:
            """
            The same key appears twice in one object dictionary. A binary plist can store that, and which value a reader \
            sees depends on the implementation. NSKeyedArchiver never writes it: swift-corelibs-foundation logs "replacing \
            existing value for key" and keeps one value when a key is encoded twice, and GNUstep raises \
            NSInvalidArgumentException. A duplicate points to a hand-made archive, a third-party writer, or a damaged key \
            reference that now names the same string as another key. Keys are compared by code units, as the unarchiver \
            compares them, so "é" and "e" with a combining accent are different keys.
            """
        default:
            """
            Keys starting with a single $ belong to the archiver: $class in object dictionaries, and $0, $1, … for values \
            encoded without a key. NSKeyedArchiver escapes a program's key that starts with $ by doubling the $ ($$key), and \
            the unarchiver escapes the key it is asked for the same way, so no other single-$ key occurs in an archive \
            Apple's writer made, and none can be decoded by name: asking for "$classy" looks up "$$classy". A key such as \
            $classy is a misspelt or damaged reserved key, or the work of a writer that does not escape keys.
            """
        }
    }
}
