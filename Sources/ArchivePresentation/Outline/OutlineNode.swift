import ArchiveCore

/// The state of the reference (or value) a row shows, beyond "a value" or "a valid object".
package enum ReferenceState: Sendable, Equatable {
    /// A scalar, a list, or a valid object.
    case normal
    /// An explicit nil reference (UID 0, typedstream nil).
    case null
    /// A slot holding `$null`: a conditional object that was never encoded unconditionally.
    case conditionalNull
    /// A reference that leads nowhere; the reason says why.
    case dangling(String)
    /// An undecodable value; the reason says why.
    case invalid(String)
}

/// What a row's children come from.
package enum OutlineSource: Sendable, Equatable {
    case none
    /// The logical children of an object (elements of a known collection, or its fields).
    case object(ObjectID)
    /// The stored fields of an object, shown under "raw fields" for known classes.
    case rawFields(ObjectID)
    /// Items of an inline list.
    case list(FieldList)
    /// Objects nothing reaches from the top level.
    case lostAndFound
}

/// One row of the outline: a label (key or index) and what it holds. Built on demand.
package struct OutlineNode: Sendable, Equatable {
    /// Key, index (`[3]`) or group name as shown.
    package var label: String
    /// The stored value behind the row.
    package var value: FieldValue
    /// The object the row leads to, if any.
    package var target: ObjectID?
    /// Class name of the target (or value type for scalars).
    package var className: String?
    /// One-line value summary, already display-safe (`ValueFormatter` escapes what comes from the file).
    package var summary: String
    package var state: ReferenceState
    /// Bytes behind the row (the target object, or the field's own bytes).
    package var range: ByteRange?
    /// The worst severity among the target object's own diagnostics.
    package var severity: Severity?
    /// Where the children come from.
    package var source: OutlineSource
    /// Whether the row is a group heading (raw fields, lost and found) rather than data.
    package var isGroup: Bool
    /// The key of the object's field the row shows, as stored (raw text); nil for list items, objects
    /// and groups. Names where an inline value lives (`EmbeddedArchives`) without searching the fields.
    package var fieldKey: String?
    /// For a data row: the format of the archive its bytes hold (`EmbeddedArchive.format(of:)`), nil
    /// inside when they hold none; nil for other rows. Probed once when the row is made, so the
    /// browser's frames and the dump ask the row, not the bytes.
    package var embeddedProbe: ContainerFormat??

    package init(label: String, value: FieldValue, target: ObjectID? = nil, className: String? = nil,
                summary: String, state: ReferenceState = .normal, range: ByteRange? = nil,
                severity: Severity? = nil, source: OutlineSource = .none, isGroup: Bool = false) {
        self.label = label
        self.value = value
        self.target = target
        self.className = className
        self.summary = summary
        self.state = state
        self.range = range
        self.severity = severity
        self.source = source
        self.isGroup = isGroup
    }

    /// Whether the row can be expanded.
    package var isExpandable: Bool { source != .none }
}
