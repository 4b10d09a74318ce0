import Testing
@testable import TUI

/// Search patterns: plain ASCII words by bytes, everything else as a regular expression; smart case.
@Suite struct SearchMatcherTests {
    @Test func plainWordsMatchBySmartCase() {
        #expect(SearchMatcher("lorem").matches("Lorem ipsum"))
        #expect(SearchMatcher("IPSUM").matches("IPSUM dolor"))
        #expect(!SearchMatcher("Lorem").matches("lorem ipsum"), "an uppercase letter makes the search case-sensitive")
        #expect(SearchMatcher("m ip").matches("lorem ipsum"))
        #expect(!SearchMatcher("zz").matches("lorem ipsum"))
        #expect(SearchMatcher("sum").matches("lorem ipsum"), "at the very end")
        #expect(!SearchMatcher("ipsumx").matches("lorem ipsum"), "longer than what is left")
        #expect(SearchMatcher("aab").matches("aaab"), "a partial match before the real one")
        #expect(SearchMatcher("caf").matches("Café \u{1B}"), "in text with other characters")
    }

    @Test func regexAndNonASCIIPatterns() {
        #expect(SearchMatcher("a.c").matches("xabcx"))
        #expect(SearchMatcher("^NS").matches("NSArray"))
        #expect(!SearchMatcher("^NS").matches("MyNSArray"))
        #expect(SearchMatcher("é").matches("Café"))
        #expect(SearchMatcher("[").matches("a[b"), "a pattern that does not compile is a plain substring")
    }
}
