import QwinkleStorage

extension SQL {
    /// ` AND column < … AND column > …`: the conditions of a page of rows ordered by `column`, for those the page
    /// sets.
    public static func pageWindow(_ page: PageRequest, column: String) -> SQL {
        var window: SQL = ""
        if let max = page.maxCursor { window = "\(window) AND \(raw: column) < \(max)" }
        if let since = page.sinceCursor { window = "\(window) AND \(raw: column) > \(since)" }
        return window
    }
}
