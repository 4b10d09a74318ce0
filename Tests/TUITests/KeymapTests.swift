import Testing
@testable import TUI

@Suite struct KeymapTests {
    @Test func everyCommandHasAKey() {
        let bound = Set(Keymap.bindings.compactMap { b -> Command? in
            if case .command(let c) = b.action { return c }
            return nil
        })
        for command in Command.allCases {
            #expect(bound.contains(command), "no key for \(command)")
        }
    }

    @Test func noKeyIsBoundTwiceInOneMode() {
        for mode in InputMode.allCases {
            var seen: [Key: String] = [:]
            for binding in Keymap.bindings where binding.mode == mode {
                for key in binding.keys {
                    #expect(seen[key] == nil, "\(KeyNotation.name(key)) bound twice in \(mode): \(seen[key] ?? "") and \(binding.description)")
                    seen[key] = binding.description
                }
            }
        }
    }

    @Test func helpListsEveryBinding() {
        let entries = HelpText.entries()
        let lines = HelpText.lines.map { $0.map(\.text).joined() }
        for binding in Keymap.bindings {
            let entry = entries.first { $0.section == binding.section && $0.text == binding.description }
            #expect(entry != nil, "help lacks \(binding.description)")
            for key in binding.keys {
                #expect(entry?.keys.contains(KeyNotation.name(key)) == true, "help for \(binding.description) lacks \(KeyNotation.name(key))")
            }
        }
        for entry in entries {
            let (keys, text) = HelpText.text(entry)
            #expect(lines.contains(keys + text))
        }
        #expect(lines.contains("Search and jump"))
    }

    @Test func digitsCollapseToDepth() {
        for n in 1...9 {
            #expect(Keymap.action(for: .char(Character(String(n))), in: .tree) == .collapseToDepth(n))
        }
    }

    @Test(arguments: [
        (Key.char("j"), InputMode.tree, Action.command(.moveDown)),
        (.down, .tree, .command(.moveDown)),
        (.ctrl("d"), .tree, .command(.halfPageDown)),
        (.ctrl("c"), .tree, .command(.quit)),
        (.ctrl("c"), .prompt, .command(.quit)),
        (.function(1), .tree, .command(.showHelp)),
        (.char("j"), .list, .command(.listDown)),
        (.char("j"), .prompt, .insert("j")),
        (.char("v"), .yank, .command(.yankValue)),
        (.char("z"), .yank, .command(.cancelYank)),
        (.enter, .prompt, .command(.promptSubmit)),
        (.resize(cols: 10, rows: 5), .list, .resize(cols: 10, rows: 5)),
    ])
    func dispatch(key: Key, mode: InputMode, expected: Action) {
        #expect(Keymap.action(for: key, in: mode) == expected)
    }

    @Test func everyPageKeyOfTheTreePagesInLists() {
        for key in [Key.pageDown, .ctrl("f"), .ctrl("d")] {
            #expect(Keymap.action(for: key, in: .list) == .command(.listPageDown), "\(KeyNotation.name(key))")
        }
        for key in [Key.pageUp, .ctrl("b"), .ctrl("u")] {
            #expect(Keymap.action(for: key, in: .list) == .command(.listPageUp), "\(KeyNotation.name(key))")
        }
    }

    @Test func unboundKeysDoNothing() {
        #expect(Keymap.action(for: .char("Z"), in: .tree) == nil)
        #expect(Keymap.action(for: .char("Z"), in: .list) == nil)
    }
}

@Suite struct KeyNotationTests {
    @Test func parsesSpecialKeys() {
        let keys = KeyNotation.parse("jJ<Down><enter><Esc><C-d><PgDn><PgUp><Home><End><F1><Tab><BS><Space><lt>\n x")
        #expect(keys == [.char("j"), .char("J"), .down, .enter, .escape, .ctrl("d"), .pageDown, .pageUp, .home, .end,
                         .function(1), .tab, .backspace, .char(" "), .char("<"), .enter, .char(" "), .char("x")])
    }

    @Test func parsesEvents() {
        #expect(KeyNotation.parse("<Resize 40x10>") == [.resize(cols: 40, rows: 10)])
        #expect(KeyNotation.parse("<Click 3,4><DblClick 1,2><WheelDown>") == [
            .mouse(MouseEvent(.click, row: 3, column: 4)), .mouse(MouseEvent(.doubleClick, row: 1, column: 2)),
            .mouse(MouseEvent(.wheelDown)),
        ])
    }

    @Test func unknownBracketsAreLiteral() {
        #expect(KeyNotation.parse("<foo>") == [.char("<"), .char("f"), .char("o"), .char("o"), .char(">")])
        #expect(KeyNotation.parse("<") == [.char("<")])
        #expect(KeyNotation.parse("\u{3}") == [.ctrl("c")])
    }

    @Test func unknownNamesAreFoundForTheCommandLine() {
        #expect(KeyNotation.unknownName(in: "jj<Down><Enter><Resize 40x10><Click 3,4><lt>") == nil)
        #expect(KeyNotation.unknownName(in: "/a<b c>d") != nil)
        let typo = KeyNotation.unknownName(in: "jj<Ennter>")
        #expect(typo?.name == "Ennter" && typo?.offset == 2)
        // Brackets around what no key name looks like stay text, as does an unclosed one.
        for literal in ["/x<=y>", "<>", "<1>", "<Enter", "a < b", "<ä>"] {
            #expect(KeyNotation.unknownName(in: literal) == nil, "\(literal)")
        }
        #expect(KeyNotation.unknownName(in: "<Resize 0x0>")?.name == "Resize 0x0")
    }

    @Test func namesRoundTrip() {
        for key in [Key.char("j"), .down, .ctrl("d"), .pageDown, .function(1), .escape, .enter, .tab, .char(" ")] {
            let name = KeyNotation.name(key)
            let script = name.count == 1 ? name : "<\(name)>"
            #expect(KeyNotation.parse(script) == [key], "\(name)")
        }
    }
}
