/// Opens the board's main menu: from the menu button at the toolbar's end (GNOME's header-bar
/// pattern, which keeps seed 000's single toolbar) or with F10, as GTK and Qt apps do; and
/// Help → About.
final class MainMenuController {
    private unowned let board: DrawingBoardViewController
    /// The menu while it is open.
    private(set) weak var openMenu: MenuView?

    init(board: DrawingBoardViewController) { self.board = board }

    /// Made once: whether each command can run, and File → Open Recent's files, are asked when
    /// the menu opens, so the same menu serves every opening and every key press.
    private(set) lazy var menu = BoardMenu.menu(for: board)

    /// Opens the menu under the menu button; by a key (F10) with its first row lit. A second
    /// press closes it, as it does in GTK.
    func show(byKey: Bool) {
        if let openMenu, openMenu.superview != nil { openMenu.close(); return }
        guard let window = board.view.window, board.presentedViewController == nil else { return }
        // Its commands work on the layer as it shows: a transform under way is applied first.
        board.imageCommands.freeTransform.apply()
        let button = board.toolbarController.menuButton
        // With the bars hidden (full screen) the menu drops from the window's top right corner.
        let anchor = board.barsHidden ? Rect(x: window.bounds.maxX, y: 0, width: 0, height: 0) : button.convert(button.bounds, to: window)
        let menu = MenuView.present(menu, from: anchor, in: window, highlightingFirst: byKey)
        button.isSelected = true
        menu.onClose = { [weak self, weak button] in
            button?.isSelected = false
            self?.openMenu = nil
        }
        openMenu = menu
    }

    /// Help → About: the version, the licence and the website.
    func showAbout() {
        let message = tr("A drawing board for X11 desktops.") + "\n" + tr("Version %@", AppInfo.version) + "\n"
            + tr("Licence: %@", AppInfo.licence) + "\n" + AppInfo.website
        board.ask(AlertViewController(title: tr("About X11Paint"), message: message, actions: [AlertViewController.Action(tr("Close"), style: .preferred)]))
    }
}
