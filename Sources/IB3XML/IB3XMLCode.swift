import ArchiveCore

/// Every diagnostic the Interface Builder 3 XML archive reader (`IB3XMLGraph`) reports: id, default
/// severity and one-line summary. The explanations are in `IB3XMLCode+Explanations.swift`, the
/// messages in `IB3Issue.swift`.
///
/// Severity follows what IB's XML unarchiver (and GNUstep's) can do with the text: `.error` where the
/// XML is not well formed or a value or reference cannot be read, `.warning` where it reads but no
/// known writer produces it, `.note` for facts.
enum IB3XMLCode: String, DiagnosticCatalog {
    // XML structure.
    case xmlMalformed = "ib3.xml.malformed"
    case xmlTruncated = "ib3.xml.truncated"
    case xmlMismatchedClose = "ib3.xml.mismatched-close"
    case xmlTrailingContent = "ib3.xml.trailing-content"
    case xmlStrayText = "ib3.xml.stray-text"
    // Archive layout.
    case archiveNoData = "ib3.archive.no-data"
    case elementUnknown = "ib3.element.unknown"
    case elementMisplaced = "ib3.element.misplaced"
    case objectNoClass = "ib3.object.no-class"
    // Identity and references.
    case idDuplicate = "ib3.id.duplicate"
    case refDangling = "ib3.ref.dangling"
    // Values.
    case valueInvalid = "ib3.value.invalid"
    // Interface Builder documents that are not archives.
    case sourceDocument = "ib3.document.source"

    package var severity: Severity {
        switch self {
        case .xmlStrayText, .elementUnknown, .objectNoClass: .warning
        case .sourceDocument: .note
        default: .error
        }
    }

    package var summary: String {
        switch self {
        case .xmlMalformed: "markup that is not well-formed XML (a stray '<', a tag or comment not closed)"
        case .xmlTruncated: "the text ends while elements are still open"
        case .xmlMismatchedClose: "an end tag does not close the element that is open"
        case .xmlTrailingContent: "markup follows the end of the <archive> element"
        case .xmlStrayText: "text between elements where only child elements belong"
        case .archiveNoData: "the archive has no <data> element, so it has no top-level values"
        case .elementUnknown: "an element name the XML coder does not write"
        case .elementMisplaced: "an element where the archive format allows none (inside a text value, or a second root)"
        case .objectNoClass: "an <object> without a class attribute"
        case .idDuplicate: "two elements carry the same id, so references to it are ambiguous"
        case .refDangling: "a reference names an id no element carries"
        case .valueInvalid: "the text of a number, boolean or base64 value does not read as one"
        case .sourceDocument: "an Interface Builder source document (Xcode 5 and later), not an archive"
        }
    }
}
