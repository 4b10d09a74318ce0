import Synchronization

/// A full check announced before it starts, so that a whole-file reader started beside it (an export
/// while `--unarchive`'s check runs on the other core) takes the check's verdict on shared content
/// instead of searching for it too.
///
/// The search for shared inline lists (`findSharedInlineLists`) reads every object's values; the
/// binary plist's container pass, the first part of the check, says whether any container has two
/// parents, and when none has (every archive NSKeyedArchiver writes) the search is skipped. An
/// export that started before that verdict ran the search in full: 15% of the instructions of
/// `--unarchive json` on a keyed archive of 100,000 objects.
extension KeyedArchiveGraph {
    /// Announces a full check of this graph that another thread is about to run: until it has found the
    /// shared content (or `endExpectedCheck()` is called), `sharedContent()` waits for it. The caller
    /// must make sure `endExpectedCheck()` runs when that check ends, whatever it did.
    package func expectFullCheck() {
        guard checkExpected.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        expectedCheck.enter()
    }

    /// Ends the wait `expectFullCheck()` started (once; later calls do nothing).
    package func endExpectedCheck() {
        guard checkExpected.compareExchange(expected: true, desired: false, ordering: .acquiringAndReleasing).exchanged else { return }
        expectedCheck.leave()
    }

    /// Waits for an announced full check to find the shared content; false when none was announced.
    func waitForExpectedCheck() -> Bool {
        guard checkExpected.load(ordering: .acquiring) else { return false }
        expectedCheck.wait()
        return true
    }
}
