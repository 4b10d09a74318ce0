/// How deep CoreFoundation nests a property list's arrays and dictionaries: 512 on macOS (and 64-bit
/// systems), for reading every form (`_CFPropertyListMaxRecursionDepth`; `MAX_DEPTH` in
/// CFOldStylePList.c; FORMATS.md A.7); 128 on iOS, tvOS and watchOS. The OpenStep parser stops there,
/// salvage writes no deeper, and the plist writers cut below it (`NestingLimitedSink`).
package enum CoreFoundationNesting {
    /// Containers one inside another that CoreFoundation on macOS reads.
    package static let limit = 512
}
