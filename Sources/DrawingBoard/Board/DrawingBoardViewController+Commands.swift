import Foundation

/// The board's commands as the menu, the keys, the X11 adapter and the tests call them; each
/// is carried out by the type that owns its state.
extension DrawingBoardViewController {
    // MARK: - The document

    public func save() { documentWindow.save(to: nil) }
    public func saveAs(_ target: SaveAsTarget) { fileCommands.saveAs(target) }
    public func chooseSaveAs() { fileCommands.chooseTarget(exporting: false) }
    public func chooseExport() { fileCommands.chooseTarget(exporting: true) }
    public func revert() { fileCommands.revert() }

    public func showShortcuts() { ShortcutsViewController.present(over: self) }
    public func export(to target: SaveAsTarget) { fileCommands.saveAs(target, exporting: true) }
    public func chooseNewDocument() { fileCommands.chooseNewDocument() }
    public func newDocument(width: Int, height: Int, background: Background = .color(.white)) {
        fileCommands.newDocument(width: width, height: height, background: background)
    }
    public func chooseDocument() { fileCommands.chooseDocument() }
    public func openDocument(path: String) { fileCommands.openDocument(path: path) }
    public func openDroppedFiles(_ paths: [String]) { fileCommands.openDroppedFiles(paths) }
    public func finishSaves() { documentWindow.finishSaves() }
    /// Sharing, joining the session an invitation link names, playing a session's recording.
    public var sharingCommands: SharingCommands { SharingCommands(board: self) }
    public var documentName: String? { documentController.documentName }
    public var isModified: Bool { documentController.isModified }

    // MARK: - Recovery

    public func restore(fromStateFolder stateFolder: String, reader: @escaping (String) -> JournalOpening = JournalOpening.open(stateFolder:),
                        completion: @escaping (JournalOpening) -> Void = { _ in }) {
        documentWindow.restore(fromStateFolder: stateFolder, reader: reader, completion: completion)
    }
    public var isRestoring: Bool { documentWindow.isRestoring }
    public func finishRestoring() { documentWindow.finishRestoring() }
    public func open(_ opening: JournalOpening) { documentWindow.open(opening) }
    /// Restores what a previous session left and records every change from now on.
    public func attach(_ journal: DocumentJournal, restoring recovery: DocumentJournal.Recovery) {
        var opening = JournalOpening(folder: journal.folder)
        opening.journal = journal
        opening.recovery = recovery
        open(opening)
    }
    public func flushJournal() { documentController.flushJournal() }
    public var recorder: RecoveryRecorder? { documentController.recorder }
    public var journal: DocumentJournal? { recorder?.journal }

    // MARK: - Pictures

    public func openPhoto(_ source: PhotoOpener.Source) { fileCommands.openPhoto(source) }
    public func openPhoto(path: String) { fileCommands.openPhoto(.file(path)) }
    public func choosePhoto() { fileCommands.choosePhoto() }
    public func pastePhoto() { fileCommands.pastePhoto() }
    public func cancelOpening() { reading.cancel() }
    public func finishOpening() { reading.finish(); layeredReading.finish() }

    // MARK: - The pen, the selection, full screen

    public func toggleEraser() { pen.toggleEraser() }
    public func selectTool(at index: Int) { pen.selectTool(at: index) }
    public func selectColor(at index: Int) { pen.selectColor(at: index) }
    public func setColor(_ color: Color) { pen.setColor(color) }
    public func setStrokeWidth(_ width: Double) { pen.setStrokeWidth(width) }
    public func stepPenSize(by steps: Double) { pen.stepPenSize(by: steps) }
    public func selectAll() { selectionCommands.selectAll() }
    public func deselect() { selectionCommands.deselect() }
    public func clearSelection() { selectionCommands.clearSelection() }
    public func copySelection() { selectionCommands.copySelection() }
    public func cutSelection() { selectionCommands.cutSelection() }
    public func cropToSelection() { selectionCommands.cropToSelection() }
    public var isFullScreen: Bool { fullScreen.isFullScreen }
    public func setFullScreen(_ on: Bool) { fullScreen.setFullScreen(on) }
    public var barsHidden: Bool { fullScreen.barsHidden }

    // MARK: - Closing

    /// The window's close button, Ctrl+W, Ctrl+Q: with unsaved changes, Save / Don't save /
    /// Cancel first; a save that fails keeps the window open with its reason.
    public func requestClose() {
        documentWindow.askToSaveChanges(before: tr("closing"), discarding: { [unowned self] in
            self.documentController.discardRecovery()
        }, then: { [unowned self] in self.onQuit?() })
    }

    /// Ctrl+W: this tab, or the window when it is the only document.
    public func closeTab() { if let tabs { tabs.closeTab(of: self) } else { requestClose() } }

    /// Ctrl+Q and the window's close button: every open document, asked about once.
    public func quit() { if let tabs { tabs.closeAll(quitting: true) } else { requestClose() } }

    // MARK: - Questions

    /// Shows a question over the board.
    func ask(_ alert: AlertViewController) {
        guard presentedViewController == nil else { return }
        alert.dismissal = { [unowned self] in self.dismiss(animated: false) }
        present(alert, animated: false)
    }

    /// The question showing now, if any (tests, the X11 adapter's keys).
    public var presentedAlert: AlertViewController? { presentedViewController as? AlertViewController }

    /// The canvas and both bars (a colour or a background chosen now would be replaced too).
    func setInputEnabled(_ enabled: Bool) {
        for view in [canvas, toolbar, bottomBar] { view.isUserInteractionEnabled = enabled }
    }
}
