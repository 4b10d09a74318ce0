/// Decodes XML property lists (FORMATS.md §B), above all damaged ones.
///
/// The decoder reads bytes, not a DOM: one pass over the input with an explicit element stack (no
/// recursion, so nesting depth costs no call stack), building a flat node table where containers
/// refer to children by index. It accepts what CF accepts, including raw control characters inside
/// strings (Xcode writes them), and reports everything else as located diagnostics instead of
/// failing: a truncated file gives the dicts and arrays read so far, a dict with a dangling key keeps
/// its other entries, a cut-off head is read as a dict. Each node's `range` runs from the `<` of its
/// opening tag to after its closing tag, and `position` is the line:column of that `<`.
///
/// Where problems go: structural ones (tags, text between elements, the root) are tree diagnostics;
/// problems in a value (bad integer, invalid base64, control characters, dangling dict keys) sit on
/// that value's node. At most 1000 diagnostics of one id are kept; a note counts the rest.
///
/// Nodes that are not part of the tree (a value without a key, a second root object, the children of
/// an unknown element) stay in the node table, unreferenced, so their diagnostics and bytes can still
/// be shown.
public enum XMLPlistDecoder {
    /// Parses an XML plist in UTF-8 (with or without a byte-order mark), UTF-16 or UTF-32 (see
    /// `TextPlistDecoding`); never throws for bad input.
    public static func decode(_ input: InputBytes) -> EagerPlistTree {
        TextPlistDecoding.decode(input) { text, encoding, map in
            var parser = XMLPlistParser(input: text, transcodedFrom: map == nil ? nil : encoding, offsetMap: map)
            return parser.run()
        }
    }
}
