/// The Window menu (Pinta's): the next and previous tab, and every open document by name, the
/// current one checked. A board with no tabs lists itself alone.
extension BoardMenu {
    static func window(_ board: DrawingBoardViewController) -> Menu {
        let ctrl: KeyEvent.Modifiers = .control, ctrlShift: KeyEvent.Modifiers = [.control, .shift]
        let several = { [unowned board] in (board.tabs?.documentTitles.count ?? 1) > 1 }
        return Menu(tr("Window"), children: [
            inline([Command(tr("Next Tab"), keys: [KeyEvent(.tab, modifiers: ctrl), KeyEvent(.pageDown, modifiers: ctrl)], isEnabled: several) { [unowned board] in
                board.tabs?.selectTab(offset: 1)
            },
                    Command(tr("Previous Tab"), keys: [KeyEvent(.tab, modifiers: ctrlShift), KeyEvent(.pageUp, modifiers: ctrl)], isEnabled: several) { [unowned board] in
                board.tabs?.selectTab(offset: -1)
            }]),
            .menu(Menu(options: .displayInline, children: [.deferred { [unowned board] in openDocuments(board) }])),
        ])
    }

    private static func openDocuments(_ board: DrawingBoardViewController) -> [Menu.Element] {
        guard let tabs = board.tabs else { return [.command(Command(board.documentController.tabTitle, state: { .on }) {})] }
        return tabs.documentTitles.enumerated().map { index, title in
            .command(Command(DisplayPath.short(title, limit: 48), state: { [unowned tabs] in tabs.currentIndex == index ? .on : .off }) { [unowned tabs] in
                tabs.selectTab(at: index)
            })
        }
    }
}
