/// What a binary format's own numbers show of a line-ending conversion, before any search: the
/// evidence behind `damage.line-endings` that only the format can read (a binary plist's trailer and
/// offset table). Given by the format's descriptor (`FormatDescriptor.lineEndingSigns(of:lfCount:crCount:)`);
/// a format without such numbers (a typedstream, a NIBArchive) shows none, and its conversion is
/// named only when undoing one reads cleanly (`Damage/LineEndingTrial.swift`).
package struct LineEndingSigns: Sendable {
    /// `damage.line-endings` for CR LF → LF, told by the numbers alone: the file is shorter than they
    /// say by no more bytes than it has LF bytes, and no CR LF pair is left.
    package var pairsLost: Diagnostic?
    /// Fields that make sense only with their 0x0A bytes read as 0x0D (after CR → LF), each a note on
    /// the field's bytes: a handful, then one note counting the rest (`misreadCount` counts them all).
    package var misreadFields: [DiagnosticNote] = []
    /// How many such fields there are in all.
    package var misreadCount = 0
    /// `misreadCount` in words, for the diagnostic's message: `3 offset-table entries`.
    package var misreadDescription = ""
    /// Whether the numbers say bytes went missing before the end of the file: a CR LF → LF search is
    /// worth trying wherever the first error is (a pair lost early breaks a reading far from any LF).
    package var isShorterThanItsNumbers = false

    package init() {}
}
