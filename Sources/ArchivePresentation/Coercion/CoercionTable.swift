import ArchiveCore

/// The scalar decode coercion matrix (FORMATS.md §C.10): what each `NSCoder` decode method returns
/// for the value stored under a key, in Apple Foundation, swift-corelibs-foundation and GNUstep.
///
/// Shown next to a field so a user can see why an app decoded `0`, crashed with NSRangeException or
/// got nil from a damaged or mis-encoded archive.
package enum CoercionTable {
    /// What each decode method returns for the value stored under a key (nil = key absent).
    ///
    /// One row per `DecodeMethod`, in `DecodeMethod.allCases` order.
    package static func rows(for stored: FieldValue?) -> [CoercionRow] {
        let scalar = StoredScalar(stored)
        return DecodeMethod.allCases.map { row($0, scalar) }
    }

    /// The row for one method.
    package static func row(_ method: DecodeMethod, for stored: FieldValue?) -> CoercionRow {
        row(method, StoredScalar(stored))
    }

    static func row(_ method: DecodeMethod, _ scalar: StoredScalar) -> CoercionRow {
        CoercionRow(method: method,
                    apple: AppleCoercion.outcome(method, scalar),
                    corelibs: CorelibsCoercion.outcome(method, scalar),
                    gnustep: GNUstepCoercion.outcome(method, scalar))
    }
}
