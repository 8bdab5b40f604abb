import Foundation

/// Several documents in one window, as tabs (Pinta's): one board per document, the current one
/// shown with the tabs' strip under its toolbar once there are two. Each tab keeps its own
/// document, history, zoom, layer, selection and journal; the pen, the tools and the colours
/// are the window's and follow the user from tab to tab.
///
/// Every tab records in a journal folder of its own under the window's (the first tab in the
/// window's folder itself, the others in `tab-N` beside it), so a crash brings every open
/// document back, each in its tab with its name and unsaved mark.
public final class DocumentTabsController: ViewController, DocumentTabs {
    /// Tabs beyond this many open without a journal (no user keeps 64 drawings open at once).
    public static let maximumJournaledTabs = 64

    public private(set) var boards: [DrawingBoardViewController] = []
    public private(set) var currentIndex = 0
    public var current: DrawingBoardViewController { boards[currentIndex] }
    /// Makes the board of a new tab, set up as the platform sets up the first one.
    private let makeBoard: () -> DrawingBoardViewController
    /// The journal folder of the window (its first tab's); nil: recovery is off.
    private var windowFolder: String?
    /// Each tab's journal folder (1: the window's own, N: `tab-N`), known from the moment its
    /// journal is asked for, before a restored one is read.
    private var journalFolders: [ObjectIdentifier: Int] = [:]
    /// Ends the app (the platform sets it).
    public var onQuit: (() -> Void)?
    /// Drawing together, when the app offers it (it keeps the service).
    public weak var sharing: DocumentSharing?
    /// Shows another scene (the scenes' coordinator sets it).
    public var onShowScene: ((Scene) -> Void)?
    /// A key is being passed down to the current board (it may come back up the responder chain).
    private var forwardingKey = false

    public init(first: DrawingBoardViewController, makeBoard: @escaping () -> DrawingBoardViewController) {
        self.makeBoard = makeBoard
        super.init()
        adopt(first)
        boards = [first]
    }

    // MARK: - Lifecycle

    public override func viewDidLoad() {
        view.backgroundColor = .white
        show(current)
    }

    public override func viewDidAppear() { lendApplication() }

    public override func viewWillLayoutSubviews() {
        current.view.frame = view.bounds
    }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        // The board's menu holds every key, the tabs' included; what it leaves goes on up.
        guard !forwardingKey else { return false }
        forwardingKey = true
        defer { forwardingKey = false }
        return current.keyDown(event)
    }

    // MARK: - DocumentTabs

    public var documentTitles: [String] { boards.map(\.documentController.tabTitle) }

    public func titleChanged(of board: DrawingBoardViewController) {
        if board === current { view.window?.title = board.documentController.windowTitle }
        tabStrip.show(titles: documentTitles, currentIndex: currentIndex)
    }

    public func boardForNewDocument(from board: DrawingBoardViewController) -> DrawingBoardViewController {
        if Self.isUntouched(board) { return board }
        let board = makeTab()
        boards.insert(board, at: currentIndex + 1)
        select(currentIndex + 1)
        return board
    }

    public func showTab(holding path: String) -> Bool {
        guard let index = boards.firstIndex(where: { board in
            board.documentController.binding.path == path || board.reading.fileBeingRead == path || board.layeredReading.filesBeingRead.contains(path)
        }) else { return false }
        select(index)
        return true
    }

    public func selectTab(offset: Int) {
        select(((currentIndex + offset) % boards.count + boards.count) % boards.count)
    }

    public func selectTab(at index: Int) {
        guard boards.indices.contains(index) else { return }
        select(index)
    }

    public func closeTab(of board: DrawingBoardViewController) {
        guard boards.count > 1 else { return closeAll(quitting: true) }
        guard let index = boards.firstIndex(where: { $0 === board }) else { return }
        select(index)
        board.documentWindow.askToSaveChanges(before: tr("closing"), discarding: {}, then: { [weak self] in self?.remove(board) })
    }

    public func closeAll(quitting: Bool) {
        let unsaved = boards.filter(\.isModified)
        let finish = { [weak self] in
            guard let self else { return }
            if quitting { return self.onQuit?() ?? () }
            let fresh = self.makeTab()
            self.boards.append(fresh)
            self.select(self.boards.count - 1)
            for board in self.boards where board !== fresh { self.remove(board) }
        }
        switch unsaved.count {
        case 0: finish()
        case 1:
            // One document to ask about: its own question, in its tab.
            select(boards.firstIndex { $0 === unsaved[0] } ?? currentIndex)
            unsaved[0].documentWindow.askToSaveChanges(before: tr("closing"), discarding: {
                if quitting { unsaved[0].documentController.discardRecovery() }
            }, then: finish)
        default: askAboutSeveral(unsaved, quitting: quitting, then: finish)
        }
    }

    public func saveAll() {
        let unsaved = boards.filter(\.isModified)
        guard !unsaved.isEmpty else { return current.showStatus(tr("Nothing to save: every drawing is saved")) }
        // A file X11Paint cannot write back asks where to save, in its own tab; the rest save at once.
        let asking = unsaved.filter { if case .chooseWhere = $0.documentController.state.saveAction { true } else { false } }
        for board in unsaved where !asking.contains(where: { $0 === board }) { board.documentWindow.save(to: nil) }
        if let first = asking.first {
            select(boards.firstIndex { $0 === first } ?? currentIndex)
            first.documentWindow.save(to: nil)
        }
    }

    /// Puts the tab at `from` at `to` (dragged along the strip); the tab shown stays shown,
    /// and the order is kept for the next start after a crash.
    func moveTab(from: Int, to: Int) {
        guard boards.indices.contains(from), boards.indices.contains(to), from != to else { return }
        let shown = current
        boards.insert(boards.remove(at: from), at: to)
        currentIndex = boards.firstIndex { $0 === shown } ?? currentIndex
        showStrip()
        saveOrder()
    }

    // MARK: - Every tab

    /// Keeps every tab's stroke in progress and floating selection (the app is ending).
    public func flushJournals() { boards.forEach { $0.flushJournal() } }

    /// Finishes the saves still running in every tab.
    public func finishSaves() { boards.forEach { $0.finishSaves() } }

    /// Whether any tab has changes not yet in a file.
    public var isModified: Bool { boards.contains(where: \.isModified) }

    /// Opens each file in a tab of its own (the first one in an untouched untitled drawing),
    /// the last one current.
    public func open(_ files: [String]) {
        for file in files { current.openDocument(path: file) }
    }

    // MARK: - Recovery

    /// Restores what the last session left: the first tab from the window's journal (read
    /// beside the UI thread, as one board always was), then every other tab the window had.
    public func restore(fromStateFolder stateFolder: String, completion: @escaping (JournalOpening) -> Void = { _ in }) {
        boards[0].restore(fromStateFolder: stateFolder, completion: { [weak self] opening in
            if let self, opening.journal != nil {
                self.windowFolder = opening.folder
                self.journalFolders[ObjectIdentifier(self.boards[0])] = 1
                self.restoreTabs(in: opening.folder)
            }
            completion(opening)
        })
    }

    private func restoreTabs(in windowFolder: String) {
        let first = boards[0]
        let kept = TabOrder.read(in: windowFolder) ?? TabOrder(folders: [1], current: 1)
        var byFolder: [Int: DrawingBoardViewController] = [1: first]
        for index in 2...Self.maximumJournaledTabs {
            let path = Self.tabFolder(index, in: windowFolder)
            // A closed tab's journal goes with it: a journal there is a tab that was open.
            guard access(path + "/journal", F_OK) == 0 else { continue }
            let board = makeTab(journaled: false)
            journalFolders[ObjectIdentifier(board)] = index
            board.restore(fromStateFolder: path, reader: { path in JournalOpening.open(folder: path) ?? .inUse(path) },
                          completion: { [weak self, weak board] opening in
                // Nothing in it (a journal emptied as its tab closed, and the process killed
                // before it went): no tab.
                if opening.recovery.isEmpty, let board { self?.remove(board) }
            })
            byFolder[index] = board
        }
        guard byFolder.count > 1 else { return }
        // In the order the tabs had (any the order does not name after them), the same one current.
        let named = kept.folders.filter { byFolder[$0] != nil }
        boards = (named + byFolder.keys.sorted().filter { !named.contains($0) }).compactMap { byFolder[$0] }
        currentIndex = boards.firstIndex { $0 === first } ?? 0
        let wanted = byFolder[kept.current] ?? first
        // The first tab was closed before the crash: its empty drawing does not come back as a tab.
        if Self.isUntouched(first) { remove(first) }
        if let index = boards.firstIndex(where: { $0 === wanted }) { select(index) }
        showStrip()
        saveOrder()
    }

    /// The tabs' order and the current one, for the next start after a crash.
    private func saveOrder() {
        guard let windowFolder else { return }
        let folders = boards.compactMap { journalFolders[ObjectIdentifier($0)] }
        let current = journalFolders[ObjectIdentifier(current)] ?? 1
        TabOrder(folders: folders, current: current).write(in: windowFolder)
    }

    // MARK: - Tabs

    private func select(_ index: Int) {
        guard boards.indices.contains(index) else { return }
        let previous = isViewLoaded && boards.indices.contains(currentIndex) ? current : nil
        // A stroke being drawn keeps its tab until the button comes up (a key pressed mid-drag
        // would otherwise take the canvas from under it, and the stroke with it).
        if let previous, previous !== boards[index], previous.canvas.isDrawing { return }
        currentIndex = index
        defer { saveOrder() }
        guard previous !== current else { return showStrip() }
        // The pen, the tools, the colours and the docked panels are the window's: the tab
        // shown takes them.
        if let previous {
            BoardSettings.apply(BoardSettings.current(of: previous, windowSize: nil), to: current)
            if previous.layersPanel.isShown != current.layersPanel.isShown { current.layersPanel.toggle() }
            if previous.docked.history.isShown != current.docked.history.isShown { current.docked.history.toggle() }
            previous.tabStrip = nil
            previous.view.removeFromSuperview()
            previous.removeFromParent()
            // Behind another tab it keeps its document, not the copies made to show it.
            previous.canvas.presenter.releaseMemory()
            previous.canvas.content.drawing.releaseMemoryWhileHidden()
        }
        if isViewLoaded { show(current) }
    }

    private func show(_ board: DrawingBoardViewController) {
        addChild(board)
        view.addSubview(board.view)
        board.view.frame = view.bounds
        lendApplication()
        showStrip()
        view.window?.title = board.documentController.windowTitle
        view.window?.setNeedsLayout()
        view.window?.invalidateAll()
    }

    /// The strip shows while there are two tabs or more; one drawing needs no tabs.
    private func showStrip() {
        tabStrip.show(titles: documentTitles, currentIndex: currentIndex)
        let wanted = boards.count > 1 ? tabStrip : nil
        if current.tabStrip !== wanted { current.tabStrip = wanted }
    }

    /// Takes `board` out, its journal emptied (a closed document does not come back).
    private func remove(_ board: DrawingBoardViewController) {
        guard let index = boards.firstIndex(where: { $0 === board }), boards.count > 1 else { return }
        board.documentController.closeRecovery()
        // A tab's own folder keeps no journal once it is closed (the window's folder keeps its
        // emptied one): the next start restores the tabs whose journals are there.
        if let folder = journalFolders.removeValue(forKey: ObjectIdentifier(board)), folder > 1, let windowFolder {
            unlink(Self.tabFolder(folder, in: windowFolder) + "/journal")
        }
        let wasCurrent = index == currentIndex
        if wasCurrent {
            select(index == boards.count - 1 ? index - 1 : index + 1)
        }
        boards.remove(at: index)
        if currentIndex > index { currentIndex -= 1 }
        board.tabStrip = nil
        board.view.removeFromSuperview()
        board.removeFromParent()
        showStrip()
        saveOrder()
        view.window?.setNeedsLayout()
        view.window?.invalidateAll()
    }

    /// A board for a new tab, set up as the first one, with a journal folder of its own.
    private func makeTab(journaled: Bool = true) -> DrawingBoardViewController {
        let board = makeBoard()
        adopt(board)
        board.application = view.window?.application
        // What the platform gave the first board: the clipboard, the desktop's dialog, the screen.
        board.pasteboard = current.pasteboard
        board.fileDialogs.desktop = current.fileDialogs.desktop
        board.screenPixelSize = current.screenPixelSize
        board.picturesFolder = current.picturesFolder
        board.home = current.home
        board.documentController.recentlyUsed = current.documentController.recentlyUsed
        board.documentController.lastFolder = current.documentController.lastFolder
        if journaled, let windowFolder, let opening = openFreeJournal() {
            journalFolders[ObjectIdentifier(board)] = Self.tabFolderIndex(opening.folder, in: windowFolder)
            board.open(opening)
        }
        return board
    }

    /// Every board's work ends on the window's UI thread, the boards behind other tabs' too.
    private func lendApplication() {
        guard let application = view.window?.application else { return }
        for board in boards where board.application == nil { board.application = application }
    }

    private func adopt(_ board: DrawingBoardViewController) {
        board.tabs = self
        board.onQuit = { [weak self] in self?.onQuit?() }
        board.onShowScene = { [weak self] scene in self?.onShowScene?(scene) }
    }

    /// The first of the window's journal folders no open tab records in and that holds nothing.
    private func openFreeJournal() -> JournalOpening? {
        guard let windowFolder else { return nil }
        let taken = Set(journalFolders.values.map { Self.tabFolder($0, in: windowFolder) })
        for index in 1...Self.maximumJournaledTabs {
            let path = Self.tabFolder(index, in: windowFolder)
            guard !taken.contains(path), let opening = JournalOpening.open(folder: path), opening.journal != nil, opening.recovery.isEmpty else { continue }
            return opening
        }
        return nil
    }

    static func tabFolder(_ index: Int, in windowFolder: String) -> String {
        index == 1 ? windowFolder : windowFolder + "/tab-\(index)"
    }

    static func tabFolderIndex(_ path: String, in windowFolder: String) -> Int? {
        if path == windowFolder { return 1 }
        guard path.hasPrefix(windowFolder + "/tab-") else { return nil }
        return Int(path.dropFirst(windowFolder.count + 5))
    }

    /// A drawing a new document may replace: untitled, unchanged, nothing drawn or being opened.
    static func isUntouched(_ board: DrawingBoardViewController) -> Bool {
        board.documentName == nil && !board.isModified && board.canvas.document.isEmpty && board.canvas.redoItems.isEmpty
            && !board.isRestoring && !board.reading.isOpening && !board.layeredReading.isOpening && board.photoPlacement == nil
    }

    // MARK: - Closing several

    /// One question for every unsaved document (GNOME's): their names, Save All, Don't Save, Cancel.
    private func askAboutSeveral(_ unsaved: [DrawingBoardViewController], quitting: Bool, then finish: @escaping () -> Void) {
        let names = unsaved.map { $0.documentName ?? tr("Untitled") }.map { "• " + DisplayPath.short($0, limit: 40) }.joined(separator: "\n")
        current.ask(AlertViewController(title: tr("Save the changes to %d drawings?", unsaved.count),
                                        message: names + "\n" + tr("If you don't save, their changes are lost."),
                                        actions: [.init(tr("Save All"), style: .preferred) { [weak self] in self?.saveThenFinish(unsaved, then: finish) },
                                                  .init(tr("Don't save")) {
                                                      if quitting { unsaved.forEach { $0.documentController.discardRecovery() } }
                                                      finish()
                                                  },
                                                  .init(tr("Cancel"), style: .cancel)]))
    }

    /// Saves each one; only when every save worked does the window go (a failure stays on
    /// screen, in its tab, with its reason).
    private func saveThenFinish(_ unsaved: [DrawingBoardViewController], then finish: @escaping () -> Void) {
        guard let next = unsaved.first else { return finish() }
        select(boards.firstIndex { $0 === next } ?? currentIndex)
        next.documentWindow.save(to: nil) { [weak self] saved in
            if saved { self?.saveThenFinish(Array(unsaved.dropFirst()), then: finish) }
        }
    }

    // MARK: - Subviews

    private(set) lazy var tabStrip: TabStripView = {
        let strip = TabStripView()
        strip.onSelect = { [unowned self] index in self.selectTab(at: index) }
        strip.onClose = { [unowned self] index in if self.boards.indices.contains(index) { self.closeTab(of: self.boards[index]) } }
        strip.onMove = { [unowned self] from, to in self.moveTab(from: from, to: to) }
        return strip
    }()
}
