/// A reference to a shared inline list kept on a `GraphObject`: it keeps the list's targets reachable
/// from every holder without repeating its items.
package struct SharedListLink: Sendable, Equatable {
    /// The plist node of the array.
    package var node: Int
    /// For the owner, the objects the list refers to; nil for the other holders.
    package var targets: [ObjectID]?

    package init(node: Int, targets: [ObjectID]?) {
        self.node = node
        self.targets = targets
    }
}
