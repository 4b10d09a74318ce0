import ArchiveCore

/// NSDate, NSNull, NSUUID, NSLocale, NSTimeZone: classes whose value is one field.
///
/// Keyed (FORMATS.md C.6): NSDate `NS.time` (real, seconds since 2001), NSNull nothing, NSUUID
/// `NS.uuidbytes` (16 bytes), NSLocale `NS.identifier`, NSTimeZone `NS.name`. typedstream: NSDate is a
/// `d` (D.7); the other typedstream layouts are not documented, so those objects keep their raw fields.
package enum SimpleValuePresenter {
    static func present(_ k: KnownObject) -> KnownPresentation? {
        switch k.name {
        case "NSDate": return date(k)
        case "NSNull": return KnownPresentation(summary: "null")
        case "NSUUID": return k.isTyped ? nil : uuid(k)
        case "NSLocale": return k.isTyped ? nil : identifier(k, "NS.identifier")
        case "NSTimeZone": return k.isTyped ? nil : identifier(k, "NS.name")
        default: return nil
        }
    }

    private static func date(_ k: KnownObject) -> KnownPresentation {
        if k.isTyped {
            guard let seconds = k.typedValues.first(where: { $0.isReal || $0.isInteger })?.real else {
                return KnownPresentation(summary: "NSDate, no time value")
            }
            return KnownPresentation(summary: ValueFormatter.isoDate(seconds))
        }
        guard let stored = k.value("NS.time") else { return KnownPresentation(summary: "NSDate, NS.time missing") }
        guard let seconds = k.real(stored) else {
            return KnownPresentation(summary: "NSDate, NS.time is not a number (" + KnownText.describe(stored) + ")")
        }
        return KnownPresentation(summary: ValueFormatter.isoDate(seconds))
    }

    private static func uuid(_ k: KnownObject) -> KnownPresentation {
        guard let stored = k.value("NS.uuidbytes") else { return KnownPresentation(summary: "NSUUID, NS.uuidbytes missing") }
        guard let bytes = k.bytes(stored) else { return KnownPresentation(summary: "NSUUID, NS.uuidbytes is not data") }
        guard bytes.count == 16 else {
            return KnownPresentation(summary: "NSUUID, expected 16 bytes: " + ValueFormatter.dataSummary(bytes))
        }
        return KnownPresentation(summary: canonical(bytes))
    }

    /// `8-4-4-4-12` uppercase hex.
    package static func canonical(_ bytes: [UInt8]) -> String {
        var text = ""
        for (i, b) in bytes.enumerated() {
            if i == 4 || i == 6 || i == 8 || i == 10 { text += "-" }
            text += byteHex(b).uppercased()
        }
        return text
    }

    private static func identifier(_ k: KnownObject, _ key: String) -> KnownPresentation {
        guard let stored = k.value(key) else { return KnownPresentation(summary: k.name + ", \(key) missing") }
        guard let text = k.text(stored) else { return KnownPresentation(summary: k.name + ", \(key) is not a string") }
        return KnownPresentation(summary: ValueFormatter.quoted(text))
    }
}
