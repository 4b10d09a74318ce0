/// What the container layer knows about content written once and listed more than once: the one index
/// of sharing that the graphs above it (keyed archives, plain plists) build their stand-ins and links
/// from, instead of each asking the tree its own questions.
///
/// Text formats give every element a node of its own, so they share nothing; a binary plist can point
/// any number of containers at one node, and its offset table can list one offset under several ids.
package struct PlistSharing: Sendable, Equatable {
    /// Whether some non-empty container may have more than one parent: false when it cannot happen or a
    /// full check found none, nil when not known yet.
    package var mayShareContainers: Bool?
    /// Nodes that are the bytes of a lower node (an offset table listing one offset twice): node → the
    /// lowest node at those bytes.
    package var offsetSharers: [Int: Int]

    package init(mayShareContainers: Bool?, offsetSharers: [Int: Int]) {
        self.mayShareContainers = mayShareContainers
        self.offsetSharers = offsetSharers
    }

    /// Nothing is shared (text formats).
    package static let none = PlistSharing(mayShareContainers: false, offsetSharers: [:])

    /// The node that `node`'s bytes are: the lowest node at them, else `node` itself.
    package func canonical(_ node: Int) -> Int { offsetSharers[node] ?? node }
}
