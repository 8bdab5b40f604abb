/// What a board asks of the window's tabs (Pinta's documents): where a new or opened document
/// goes, and the commands over every open document. A board with no tabs (the tests' boards)
/// opens documents in place and closes the window, as it always did.
public protocol DocumentTabs: AnyObject {
    /// The board a new, opened or pasted document goes to: `board` itself while it holds an
    /// untouched untitled drawing (it is replaced, as Pinta does), else a new tab, now current.
    func boardForNewDocument(from board: DrawingBoardViewController) -> DrawingBoardViewController
    /// Closes `board`'s tab, asking first about unsaved changes; the last tab closes the window.
    func closeTab(of board: DrawingBoardViewController)
    /// Closes every tab, asking once about all the unsaved ones; then the window goes
    /// (`quitting`) or shows a new drawing (Close All).
    func closeAll(quitting: Bool)
    /// Shows the tab that holds the file at `path`, if one does.
    func showTab(holding path: String) -> Bool
    /// Saves every document with unsaved changes.
    func saveAll()
    /// Whether any open document has changes not yet in a file (Save All is greyed otherwise).
    var isModified: Bool { get }
    /// Shows the tab `offset` tabs after the current one, wrapping around.
    func selectTab(offset: Int)
    func selectTab(at index: Int)
    /// Each open document's name, with `*` while unsaved, in the tabs' order.
    var documentTitles: [String] { get }
    var currentIndex: Int { get }
    /// Sharing a drawing and joining one (nil: this window offers neither).
    var sharing: DocumentSharing? { get }
    /// `board`'s name or unsaved mark changed.
    func titleChanged(of board: DrawingBoardViewController)
}
