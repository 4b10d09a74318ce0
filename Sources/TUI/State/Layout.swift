/// A rectangle of screen cells.
public struct Rect: Sendable, Hashable {
    public var row: Int
    public var col: Int
    public var height: Int
    public var width: Int

    public func contains(row r: Int, col c: Int) -> Bool { r >= row && r < row + height && c >= col && c < col + width }
}

/// Where the panes go: the tree, the optional detail pane (beside the tree when there are at least
/// 100 columns, below it otherwise), and the status line on the last row.
public struct Layout: Sendable, Hashable {
    public var tree: Rect
    /// The detail pane's tab header row plus its content.
    public var detail: Rect?
    public var statusRow: Int

    public init(cols: Int, rows: Int, detail showDetail: Bool) {
        statusRow = max(0, rows - 1)
        let body = max(0, rows - 1)
        guard showDetail, body >= 4 || cols >= 100 else {
            tree = Rect(row: 0, col: 0, height: body, width: cols)
            detail = nil
            return
        }
        if cols >= 100 {
            let treeWidth = cols * 11 / 20
            tree = Rect(row: 0, col: 0, height: body, width: treeWidth)
            detail = Rect(row: 0, col: treeWidth + 1, height: body, width: cols - treeWidth - 1)
        } else {
            let treeHeight = max(1, body / 2)
            tree = Rect(row: 0, col: 0, height: treeHeight, width: cols)
            detail = Rect(row: treeHeight, col: 0, height: body - treeHeight, width: cols)
        }
    }

    /// Rows a page move covers.
    public var pageSize: Int { max(1, tree.height) }
}
