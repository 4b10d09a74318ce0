import Testing
@testable import ArchiveModel

/// The OpenStep catalog: every kind documented, ids well formed, severities as audited (issue 24).
@Suite struct OpenStepCodeTests {
    @Test(arguments: OpenStepCode.allCases)
    func kindIsDocumented(_ code: OpenStepCode) {
        CatalogExpectations.check(code, family: "openstep")
    }

    @Test func explanationsAreDistinct() {
        #expect(CatalogExpectations.distinctExplanations(OpenStepCode.self))
    }

    /// CF converts the whole file before parsing and fails on bytes that are not UTF-8
    /// ("Conversion of string failed."): an error, as for XML.
    @Test func invalidUTF8IsAnError() {
        #expect(OpenStepCode.encodingInvalidUTF8.severity == .error)
        #expect(OpenStepCode.encodingInvalidUTF8.severity == XMLPlistCode.textInvalidUTF8.severity)
        #expect(OpenStepCode.rootWhitespaceOnly.severity == .note)
    }

    /// What Apple's writers produce (Xcode project files, NSString descriptions) decodes without a
    /// diagnostic: a header comment, unquoted paths, escapes and a surrogate pair as two `\U` escapes.
    @Test func appleWrittenSyntaxIsQuiet() {
        let text = "// !$*UTF8*$!\n{ /* c */ a = \"\\UD83D\\UDE00\\n\\t\\\"\\\\\\101\"; b = (x, y.z, $p/q:r-s, ); c = <0fbc 1234>; }\n"
        let tree = OpenStepTestSupport.decode(text)
        #expect(OpenStepTestSupport.ids(tree).isEmpty, "\(tree.openDiagnostics)")
    }
}
