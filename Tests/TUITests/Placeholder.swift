import Testing
@testable import TUI

@Suite struct TUIPlaceholderTests {
    @Test func namespaceExists() { #expect(String(describing: TUI.self) == "TUI") }
}
