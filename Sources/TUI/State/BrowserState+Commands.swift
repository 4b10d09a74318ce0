import ArchiveModel

extension BrowserState {
    /// Dispatches one command; each case calls one function.
    mutating func run(_ command: Command, _ context: BrowserContext) {
        switch command {
        case .moveDown: moveFocus(by: 1)
        case .moveUp: moveFocus(by: -1)
        case .pageDown: page(by: layout.pageSize)
        case .pageUp: page(by: -layout.pageSize)
        case .halfPageDown: page(by: max(1, layout.pageSize / 2))
        case .halfPageUp: page(by: -max(1, layout.pageSize / 2))
        case .top: focusRow(0)
        case .bottom: focusRow(expansion.rowCount - 1)
        case .nextSibling: sibling(by: 1)
        case .previousSibling: sibling(by: -1)
        case .expandOrEnter: expandOrEnter(context)
        case .collapseOrParent: collapseOrParent()
        case .toggle: toggle(context)
        case .expandDeep: expandDeep(from: focusPath, context)
        case .expandAll: expandAllRoots(context)
        case .collapseDeep: collapseDeep()
        case .collapseAll: collapseEverything()
        case .startSearch: overlay = .prompt(.search, "")
        case .searchNext: searchAgain(forward: true, context)
        case .searchPrevious: searchAgain(forward: false, context)
        case .searchKeyNext: searchFocusedKey(forward: true, context)
        case .searchKeyPrevious: searchFocusedKey(forward: false, context)
        case .follow: follow(context)
        case .back: goBack(context)
        case .forward: goForward(context)
        case .startGoto: overlay = .prompt(.goTo, "")
        case .showReferrers: showReferrers(context)
        case .toggleHex: toggleHex()
        case .toggleDetail: showDetail.toggle(); detailScroll = 0
        case .scrollDetailDown: detailScroll += max(1, (layout.detail?.height ?? 2) / 2)
        case .scrollDetailUp: detailScroll = max(0, detailScroll - max(1, (layout.detail?.height ?? 2) / 2))
        case .showProblems: showProblems(context)
        case .showSecurity: showSecurity(context)
        case .nextProblem: jumpToProblem(forward: true, context)
        case .previousProblem: jumpToProblem(forward: false, context)
        case .showHelp: overlay = .help(ListCursor())
        case .startYank: yankPending = true
        case .yankValue, .yankKey, .yankPath, .yankJQPath: yank(command, context)
        case .cancelYank: yankPending = false
        case .listDown, .listUp, .listPageDown, .listPageUp, .listTop, .listBottom: moveList(command, context)
        case .listSelect: selectListEntry(context)
        case .closeOverlay: closeOverlay()
        case .promptSubmit: submitPrompt(context)
        case .promptCancel: overlay = nil
        case .promptBackspace: backspace()
        case .openEmbedded: openEmbedded(context)
        case .closeArchive: request = .close
        case .toggleRepaired: toggleRepaired(context)
        case .quit: shouldQuit = true
        }
    }

    /// Asks the session stack to open the archive embedded in the focused row's data.
    /// In a file of unknown format with no rows, opens the archive found further into it.
    mutating func openEmbedded(_ context: BrowserContext) {
        if expansion.rowCount == 0, let inside = Embedded.archiveInside(context) {
            request = .open(inside)
            return
        }
        guard let chain = context.chain(focusPath, pinned: pinnedRoots),
              let embedded = Embedded.request(for: chain, context: context) else {
            message = EmbeddedArchives.looksInside(context.node) ? "no embedded archive here (rows marked ⧉ hold one)"
                : "archives nested more than \(EmbeddedArchives.maxDepth) deep are not opened (as --dump and --check do not follow them)"
            return
        }
        request = .open(embedded)
    }

    /// `R`: in the repaired reading, back to the bytes as they are; elsewhere, asks for the repair
    /// (done in the background, then opened as a session over the repaired bytes).
    mutating func toggleRepaired(_ context: BrowserContext) {
        if context.repaired != nil {
            request = .close
        } else if context.node.depth > 0 {
            message = "the repaired reading is of the file itself: q back to it, then R"
        } else {
            pending = .repair
            message = "repairing (nothing is written) · Esc cancels"
        }
    }

    mutating func toggleHex() {
        if showDetail, detailTab == .hex {
            detailTab = .detail
        } else {
            showDetail = true
            detailTab = .hex
        }
        detailScroll = 0
    }
}
