import ArchiveCore

/// One row of the coercion table: one decode method, its outcome in each implementation.
package struct CoercionRow: Sendable, Equatable {
    /// The decode method this row is about.
    package var method: DecodeMethod
    /// Apple Foundation (documented behaviour; `.undocumented` where the documentation is silent).
    package var apple: DecodeOutcome
    /// swift-corelibs-foundation (read from its `NSKeyedUnarchiver.swift`).
    package var corelibs: DecodeOutcome
    /// GNUstep base (read from its `NSKeyedUnarchiver.m`); nil when not applicable.
    package var gnustep: DecodeOutcome?

    /// A row from its four cells.
    package init(method: DecodeMethod, apple: DecodeOutcome, corelibs: DecodeOutcome, gnustep: DecodeOutcome?) {
        self.method = method
        self.apple = apple
        self.corelibs = corelibs
        self.gnustep = gnustep
    }
}
