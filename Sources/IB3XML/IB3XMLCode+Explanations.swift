import ArchiveCore

extension IB3XMLCode {
    /// The `--explain` paragraph: what it means, how IB's reader behaves, usual causes, what to do.
    package var explanation: String {
        switch self {
        case .xmlMalformed: """
            An Interface Builder 3 XML archive (an old .xib or the designable.nib inside a .nib bundle) is an \
            XML document, and IB reads it with a strict XML parser that stops at the first markup error. This \
            text has a '<' that starts no tag, a tag that is not closed with '>' before the next '<', or a \
            comment, CDATA section or processing instruction that is never closed. This reader skips the bad \
            markup and goes on, so the elements after it still show. Usual causes are hand edits and merge \
            conflicts (<<<<<<< lines) committed into the file.
            """
        case .xmlTruncated: """
            The text ends while elements are still open: the file was cut short (an interrupted copy or \
            download, a partial commit). IB refuses the document. Everything read up to the cut is shown; the \
            elements left open end where the file ends, and the message names the innermost one with its \
            line and column. Restore the file from a complete copy; the compiled keyedobjects.nib beside a \
            designable.nib holds the same objects.
            """
        case .xmlMismatchedClose: """
            An end tag names another element than the one open (</object> while a <string> is open), or no \
            element at all. XML requires end tags to match, and IB's parser stops there. This reader closes \
            the open elements up to the one named (or ignores an end tag that matches nothing) and goes on. \
            It is typical of hand edits and of merges that took the end of one version and the start of \
            another.
            """
        case .xmlTrailingContent: """
            An XML document has exactly one root element. After </archive> closed the archive, this file holds \
            more markup, often a whole second archive: two versions of the document written back to back by a \
            faulty save or a bad merge. Strict XML parsers stop with "junk after document element", so IB does \
            not open the file. This reader shows the first archive and reads nothing after it; the message \
            says where the rest starts. Cutting the file at that offset gives the first document.
            """
        case .xmlStrayText: """
            Text stands between elements where the XML coder writes only child elements (for example inside \
            an <object> or an <array>). IB ignores whitespace there; other text means a value lost its tags, \
            usually through a hand edit. It is not part of any value.
            """
        case .archiveNoData: """
            The <archive> root of an Interface Builder 3 archive holds one <data> element whose children are \
            the document's top-level values (IBDocument.SystemTarget, IBDocument.RootObjects, \
            IBDocument.Objects …). This archive has none, so nothing is reachable from the top: the file was \
            cut inside its first lines, or the root is not an IB archive's. Elements found elsewhere are kept \
            and shown as unreachable objects.
            """
        case .elementUnknown: """
            IB's XML coder writes a fixed set of elements: <object>, <array>, <set>, <dictionary>, \
            <reference>, <nil>, <string>, <characters>, <int>, <integer>, <bool>, <boolean>, <double>, <real>, \
            <float> and <bytes>. This element is none of them, so IB's reader cannot decode it and the value \
            it stands for is shown as invalid. Its children are still read (and listed as objects where they \
            are ones) but are reachable from nothing.
            """
        case .elementMisplaced: """
            An element stands where the format allows none: inside a text value (<string>, <int> …), or \
            beside the <archive> root. The text value is read without it; the element and its children are \
            kept so that their bytes can be shown.
            """
        case .objectNoClass: """
            Every <object> element IB's XML coder writes carries a class attribute naming the class to \
            instantiate (class="NSButton"). This one has none, so IB's unarchiver cannot build it and no \
            reader knows what it is; its keyed values are still shown under it. A hand edit that dropped the \
            attribute is the usual cause.
            """
        case .idDuplicate: """
            Objects written more than once carry an id attribute, and <reference ref="…"/> elements name them \
            by it. Two elements here carry the same id, so a reference to it could mean either. IB never \
            writes this; this reader resolves references to the first element with the id, and the note \
            shows where the second one is. A merge of two versions of the document is the usual cause.
            """
        case .refDangling: """
            A <reference ref="…"/> element names the id of the object it stands for, which another element in \
            the document carries. No element carries this id, so the reference leads nowhere (IB would fail \
            to open the document or leave the outlet nil). It happens when an object was deleted by hand or \
            lost in a merge while a connection or superview reference to it stayed.
            """
        case .valueInvalid: """
            The text of an <int>, <integer value>, <bool>, <boolean value>, <double>, <real value> or <float> \
            does not read as that kind of number or YES/NO, or the base64 text of a <bytes> element or of a \
            <string type="base64-UTF8"> holds characters outside the base64 alphabet. The value is shown as \
            invalid with the text found; the usual cause is a hand edit.
            """
        case .sourceDocument: """
            Since Xcode 5, .xib and .storyboard files are written as <document type="com.apple.InterfaceBuilder3…" \
            toolsVersion=…>: IB's own source format (scenes, views, connections as XML elements), which ibtool \
            compiles into a nib. It is not an archive of encoded objects, so this tool does not decode it; it \
            is not damaged either. Compile it with ibtool to get a nib this tool reads, or read it as XML.
            """
        }
    }
}
