/// File → Share… and File → Join…: a session for the open drawing (its link copied and shown),
/// or a shared drawing joined in a tab of its own.
public struct SharingCommands {
    unowned let board: DrawingBoardViewController

    private var sharing: DocumentSharing? { board.tabs?.sharing }

    /// Shares the drawing, or, when it is shared already, shows the session.
    public func share() {
        guard let sharing, board.presentedViewController == nil else { return }
        if let summary = sharing.session(of: board) { return showSession(summary) }
        board.showStatus(tr("Starting a shared session…"))
        let board = self.board
        // The drawing as it is now starts the session: nothing is drawn until it has started.
        board.setInputEnabled(false)
        sharing.share(board) { result in
            board.setInputEnabled(true)
            switch result {
            case .success(let link):
                board.pasteboard?.provideText(link)
                board.showStatus(tr("Shared: the invitation link is on the clipboard"))
                if let summary = sharing.session(of: board) { SharingCommands(board: board).showSession(summary) }
            case .failure(let failure):
                board.showStatus(tr("Could not share the drawing: %@", failure.description), isError: true)
            }
        }
    }

    /// Asks for an invitation link and joins it in a new tab.
    func join() {
        guard let sharing, board.presentedViewController == nil else { return }
        let dialog = JoinSessionViewController(problem: { [unowned sharing] in sharing.problem(with: $0) })
        dialog.onCancel = { [unowned board] in board.dismiss(animated: false) }
        dialog.onJoin = { [unowned board] link in
            board.dismiss(animated: false)
            SharingCommands(board: board).join(link)
        }
        board.present(dialog, animated: false)
    }

    /// Joins the session `link` invites to, in a new tab (or this one while it is untouched).
    public func join(_ link: String) {
        guard let sharing, let tabs = board.tabs else { return }
        if let problem = sharing.problem(with: link) {
            return board.showStatus(tr("Not an invitation: %@", problem), isError: true)
        }
        sharing.join(link, in: tabs.boardForNewDocument(from: board))
    }

    /// Plays the session recording at `path` in a new tab (or this one while it is untouched).
    public func play(_ path: String, changesPerSecond: Double) {
        guard let sharing, let tabs = board.tabs else { return }
        sharing.play(path, changesPerSecond: changesPerSecond, in: tabs.boardForNewDocument(from: board))
    }

    private func showSession(_ summary: SharedSessionSummary) {
        let dialog = SharedSessionViewController(summary: summary)
        dialog.onClose = { [unowned board] in board.dismiss(animated: false) }
        dialog.onCopy = { [unowned board] in
            board.pasteboard?.provideText(summary.link)
            board.dismiss(animated: false)
            board.showStatus(tr("The invitation link is on the clipboard"))
        }
        dialog.onLeave = { [unowned board] in
            board.dismiss(animated: false)
            board.tabs?.sharing?.leave(board)
        }
        dialog.onModerate = { [unowned board] action in
            board.dismiss(animated: false)
            board.tabs?.sharing?.moderate(action, in: board)
        }
        dialog.onSay = { [unowned board] text in
            board.tabs?.sharing?.say(text, in: board)
            board.dismiss(animated: false)
        }
        board.present(dialog, animated: false)
    }
}
