import Foundation

/// What a window does for the document its tab shows (NSWindowController's part beside the
/// document controller, which knows no view): the title, the questions before unsaved changes
/// would be replaced or a changed file overwritten, what the user is told after a save, and
/// crash recovery read beside the UI thread while the board takes no input.
final class DocumentWindowController {
    /// The message about restoring shows only when it takes longer than this (no flash).
    static let restoringMessageDelay = 0.15

    /// Crash recovery being read in the background (nil once the drawing is back).
    private var restoring: DispatchGroup?
    /// Ctrl+S was pressed while it was read: save once it is back.
    var saveWhenRestored = false
    private unowned let board: DrawingBoardViewController
    private let document: DocumentController
    private var fileStateObservation: DocumentObservation?

    init(board: DrawingBoardViewController, document: DocumentController) {
        self.board = board
        self.document = document
        fileStateObservation = document.observeFileState { [unowned self] in self.updateTitle() }
    }

    private var canvas: CanvasView { board.canvas }

    /// The window says the current tab's name; the tabs show every document's.
    func updateTitle() {
        if let tabs = board.tabs { tabs.titleChanged(of: board) } else { board.view.window?.title = document.windowTitle }
    }

    /// Where Save As and Export suggest: the drawing's own folder, else the last one, else Pictures.
    var suggestedFolder: String { document.suggestedFolder(pictures: board.picturesFolder) }

    /// Puts `document` in place of the current one, a photo being placed dropped first.
    func replaceDocument(with replacement: Document, name: String?, file: String? = nil, unsaved: Bool = false) {
        board.cancelPhoto()
        document.replaceDocument(with: replacement, name: name, file: file, unsaved: unsaved)
    }

    /// Ctrl+Z at the start of a cropped document's history: the document before the crop,
    /// and the user told. Returns whether there was one.
    func undoCrop() -> Bool {
        guard let what = document.undoCrop() else { return false }
        if let what { board.showStatus(tr("Took back: %@", what)) } else { board.showStatus(tr("Crop taken back")) }
        return true
    }

    // MARK: - Saving

    /// Save (nil) or Save As, in the background: "Saving…" at once, drawing goes on, then
    /// "Saved to …" or why it could not. Save writes the file the document is bound to (an
    /// untitled one's first Save makes a new file in Pictures, which the document then is);
    /// with nothing changed it writes nothing; when the file changed on disk since it was read
    /// or written, it asks first. Save As binds the document to the file it names. What is
    /// drawn after this call is not in the file. `completion` hears whether it worked, after
    /// the message (what waits for a save, such as "Save first" before Open, goes on only then).
    func save(to target: SaveAsTarget?, completion: ((Bool) -> Void)? = nil) {
        let bakedFirst = settleWhatIsShown()
        if let target { return write(.saveAs(target), bakedFirst: bakedFirst, completion: completion) }
        switch document.saveAction {
        case .writeNew: write(.newFile, bakedFirst: bakedFirst, completion: completion)
        case .replace(let file): write(.replace(file), bakedFirst: bakedFirst, completion: completion)
        case .nothingToSave:
            board.showStatus(tr("Nothing to save: %@ already holds the drawing", document.documentName ?? document.binding.name ?? ""))
            completion?(true)
        case .chooseWhere:
            // A format read but not written (SVG, GIF, HEIC, AVIF): where, and in what, as Save As.
            board.showStatus(tr("X11Paint cannot write %@ back in its format: choose where to save the drawing", document.documentName ?? ""))
            board.fileCommands.chooseTarget(exporting: false, finished: completion)
        case .askBeforeReplacingChangedFile(let file):
            board.ask(AlertViewController(title: tr("%@ changed on disk", file.name),
                                          message: tr("Another program changed or replaced it since it was opened or saved here."),
                                          actions: [.init(tr("Overwrite")) { [unowned self] in
                                                        self.write(.replace(file), bakedFirst: bakedFirst, completion: completion)
                                                    },
                                                    .init(tr("Save As…"), style: .preferred) { [unowned self] in
                                                        self.board.chooseSaveAs()
                                                        completion?(false)
                                                    },
                                                    .init(tr("Cancel"), style: .cancel) { completion?(false) }]))
        }
    }

    /// The file holds what the user sees: a background being chosen becomes a change, words
    /// being typed are committed, and a photo being placed is added to the drawing first
    /// (returns whether one was, for the message).
    private func settleWhatIsShown() -> Bool { document.work?.settleWhatIsShown() ?? false }

    /// Writes a copy to `target` (Export): the document stays bound, and as edited, as it was.
    func export(to target: SaveAsTarget) {
        let bakedFirst = settleWhatIsShown()
        board.showStatus(bakedFirst ? tr("Photo added to the drawing; exporting…") : tr("Exporting…"))
        document.export(to: target, deliver: board.postToUIThread) { [weak self] result in
            switch result {
            case .success(let report):
                Log.info("exported \(report.path)")
                self?.board.showStatus(Self.sentences(tr("Exported a copy to %@", report.path), Self.notes(report)))
            case .failure(let error):
                self?.board.showStatus("\(error)", isError: true)
                Log.warning("\(error)")
            }
        }
    }

    /// A message and the notes after it (each starting with a space): the message ends with a
    /// full stop when notes follow it, so "Saved to …/flat.png" and "The file has…" read as two sentences.
    static func sentences(_ message: String, _ notes: String) -> String { notes.isEmpty ? message : message + "." + notes }

    /// What the message after saving adds: the format loses detail, the layers were flattened,
    /// the transparency is white in the file (the drawing keeps both).
    private static func notes(_ report: DocumentController.SaveReport) -> String {
        var note = report.mentionLossyFormat ? " " + tr("(JPEG loses a little detail at every save; Save As PNG keeps every pixel.)") : ""
        if report.flattenedLayers { note += " " + tr("The file has the layers flattened; the drawing keeps them (Save As .ora keeps layers).") }
        if let format = report.transparencyLostIn {
            note += " " + tr("%@ keeps no transparency: the file has the transparent parts white; the drawing keeps them (PNG, WebP, TIFF and ORA keep them).",
                             format)
        }
        return note
    }

    private func write(_ destination: DocumentController.SaveDestination, bakedFirst: Bool, completion: ((Bool) -> Void)?) {
        board.showStatus(bakedFirst ? tr("Photo added to the drawing; saving…") : tr("Saving…"))
        document.write(destination, deliver: board.postToUIThread) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let report):
                Log.info("saved \(report.path)")
                // A later save still running keeps its "Saving…" until it is done.
                if self.document.savesInFlight == 0 {
                    self.board.showStatus(Self.sentences(bakedFirst ? tr("Photo added and saved to %@ (Ctrl+Z takes the photo back)", report.path)
                                                                    : tr("Saved to %@", report.path), Self.notes(report)))
                }
                completion?(true)
            case .failure(let error):
                // The file's own place failed (its folder gone or read-only): the way out is another place.
                var advice = ""
                if case .replace = destination { advice = " " + tr("Save As (Ctrl+Shift+S) saves it somewhere else.") }
                self.board.showStatus("\(error)" + advice, isError: true)
                Log.warning("\(error)")
                completion?(false)
            }
        }
    }

    /// The app is ending: saves still running are finished first, and their news delivered.
    func finishSaves() {
        document.waitForSaves()
        board.view.window?.application.tick()
        document.waitForRecentFiles()
    }

    /// Runs `action` at once when nothing is unsaved; else asks whether to save first.
    /// `discarding`: what "Don't save" does first (closing forgets the recovery copy too).
    func askToSaveChanges(before what: String, discarding: @escaping () -> Void = {}, then action: @escaping () -> Void) {
        guard document.isModified else { return action() }
        let name = document.documentName ?? "the drawing"
        board.ask(AlertViewController(title: tr("Save the changes to %@?", name),
                                      message: tr("Before %@: if you don't save, your changes are lost.", what),
                                      actions: [.init(tr("Save"), style: .preferred) { [unowned self] in
                                                    // Only a save that worked lets the drawing go: a failed one
                                                    // (its reason on screen) cancels what was asked, and whatever was
                                                    // drawn while it ran is asked about again.
                                                    self.save(to: nil) { saved in
                                                        if saved { self.askToSaveChanges(before: what, discarding: discarding, then: action) }
                                                    }
                                                },
                                                .init(tr("Don't save")) {
                                                    discarding()
                                                    action()
                                                },
                                                .init(tr("Cancel"), style: .cancel)]))
    }

    // MARK: - Restoring

    /// Whether the last drawing is still being read.
    var isRestoring: Bool { restoring != nil }

    /// Reads what the last session left in `stateFolder` in the background (until the drawing
    /// is back the canvas and the bars take no input, so nothing drawn is lost under it), then
    /// restores it and records from then on; `completion` gets the opening once it is in place.
    /// `reader` reads the folder (tests slow it down).
    func restore(fromStateFolder stateFolder: String, reader: @escaping (String) -> JournalOpening,
                 completion: @escaping (JournalOpening) -> Void) {
        guard restoring == nil else { return }
        let group = DispatchGroup()
        restoring = group
        board.setInputEnabled(false)
        let messageTimer = board.view.window?.application.scheduler.schedule(after: Self.restoringMessageDelay) { [weak self] in
            self?.board.showStatus(tr("Restoring the last drawing…"))
        }
        let deliver = board.postToUIThread
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            let opening = reader(stateFolder)
            deliver { [weak self] in
                messageTimer?.cancel()
                if let self {
                    self.restoring = nil
                    self.board.setInputEnabled(true)
                    if self.board.statusLabel.text == tr("Restoring the last drawing…") { self.board.messageLine.hide() }
                    self.open(opening)
                    if self.saveWhenRestored {
                        self.saveWhenRestored = false
                        self.save(to: nil)
                    }
                }
                completion(opening)
            }
            group.leave()
        }
    }

    /// Waits for the reading and puts the drawing in place (tests).
    func finishRestoring() {
        restoring?.wait()
        board.view.window?.application.tick()
    }

    /// Restores what the opening read, says what came back and what did not, and records from
    /// now on when the journal could be opened.
    func open(_ opening: JournalOpening) {
        let restoredItems = document.restore(opening.recovery)
        board.updateUndoAvailability()
        if let message = RecoveryRecorder.startMessage(for: opening, restoredItems: restoredItems,
                                                       canSave: opening.problem == nil || PicturesFolder.canWrite(board.picturesFolder)) {
            board.showStatus(message.text, isError: message.isError)
        }
        guard let journal = opening.journal else { return }
        document.record(in: journal, deliver: board.postToUIThread,
                        schedule: { [weak board] delay, action in
                            guard let timer = board?.view.window?.application.scheduler.schedule(after: delay, action) else { return nil }
                            return { timer.cancel() }
                        },
                        report: { [weak board] text, isError in board?.showStatus(text, isError: isError) })
    }
}
