import Foundation

/// One open document's life beside the board (the tab) that shows it: its name and unsaved
/// mark, saving in the background, a question before unsaved changes would be replaced, and
/// crash recovery (the journal read beside the UI thread, then every change recorded).
public final class DocumentController {
    /// The message about restoring shows only when it takes longer than this (no flash).
    static let restoringMessageDelay = 0.15

    let saver: BackgroundSaver
    /// Crash recovery being read in the background (nil once the drawing is back).
    private var restoring: DispatchGroup?
    /// Ctrl+S was pressed while it was read: save once it is back.
    var saveWhenRestored = false
    public internal(set) var lastSavedPath: String?
    /// Runs after each save, on the UI thread (tests, the demo).
    public var onSaveFinished: ((Result<String, Error>) -> Void)?
    /// Writes every change to the crash-recovery journal.
    public private(set) var recorder: RecoveryRecorder?
    /// The file, the name, the unsaved mark and the crops' history (PaintDocument's, no view).
    public private(set) var state = DocumentFileState()
    public var documentName: String? { state.name }
    /// The folder of the last file opened or saved (kept between runs).
    public var lastFolder: String?
    /// The desktop's recently-used list, told of each file opened or saved (the platform sets
    /// it; nil: none, as in tests).
    public var recentlyUsed: RecentlyUsed? {
        get { recentFiles.list }
        set { recentFiles.list = newValue }
    }
    private let recentFiles = RecentFilesNotes()

    func noteUsed(_ path: String) {
        lastFolder = (path as NSString).deletingLastPathComponent
        recentFiles.note(path)
    }

    /// Where Save As and Export suggest: the drawing's own folder, else the last one, else Pictures.
    var suggestedFolder: String {
        binding.path.map { ($0 as NSString).deletingLastPathComponent } ?? lastFolder ?? board.picturesFolder
    }
    public var binding: DocumentBinding { state.binding }
    private unowned let board: DrawingBoardViewController

    init(board: DrawingBoardViewController, store: ArtworkStore) {
        self.board = board
        saver = BackgroundSaver(store: store)
    }

    private var canvas: CanvasView { board.canvas }

    // MARK: - Name and changes

    /// Whether there are changes not yet in a saved file.
    public var isModified: Bool { state.isModified }

    /// "name - X11Paint", with a star while there are unsaved changes.
    public var windowTitle: String { state.windowTitle }
    public var tabTitle: String { state.tabTitle }

    func documentChanged() {
        state.changed(to: canvas.document)
        updateTitle()
    }

    /// The window says the current tab's name; the tabs show every document's.
    func updateTitle() { if let tabs = board.tabs { tabs.titleChanged(of: board) } else { board.view.window?.title = windowTitle } }

    /// Whether Ctrl+Z can take something back that the canvas's history does not hold.
    var canUndoCrop: Bool { !state.documentsBeforeCrop.isEmpty }

    /// Puts `document` in place of the current one: a new history, the whole of it in view,
    /// journaled as a new generation (what it replaced stays there until this moment).
    /// `file`: the file it was read from (it saves there); nil: untitled; `unsaved`: no file holds it.
    func replaceDocument(with document: Document, name: String?, file: String? = nil, unsaved: Bool = false) {
        board.cancelPhoto()
        // A new history (the crops of the old document cannot be taken back into it), bound to
        // its file before the journal's new generation is written.
        state.opened(name: name, file: file)
        swapDocument(for: document)
        // Loading it counted as a change: the opened document has none (a pasted one is in no file).
        if unsaved { state.unsaved(canvas.document) } else { state.settled(canvas.document) }
        updateTitle()
        recorder?.bindingChanged()
    }

    /// A crop: the document becomes `cropped`, and Ctrl+Z brings back the one it replaced.
    /// `what`: what Ctrl+Z says it took back (a turn or a mirror is kept as a crop is).
    func crop(to cropped: Document, what: String? = nil) {
        state.documentsBeforeCrop.append(canvas.document)
        reshapes.append(what)
        swapDocument(for: cropped)
    }

    /// What each crop, turn or mirror was, for the message when it is taken back (this
    /// session's only: one restored from the journal is called a crop).
    private var reshapes: [String?] = []

    /// Ctrl+Z at the start of a cropped document's history: the document before the crop.
    /// Returns whether there was one.
    func undoCrop() -> Bool {
        guard let before = state.documentsBeforeCrop.popLast() else { return false }
        swapDocument(for: before)
        if let what = reshapes.popLast() ?? nil { board.showStatus(tr("Took back: %@", what)) } else { board.showStatus(tr("Crop taken back")) }
        return true
    }

    /// Another document in place (journaled as a new generation); a crop keeps it an unsaved
    /// edit of this one, opening a file also gives it a name (replaceDocument).
    private func swapDocument(for document: Document) {
        canvas.cancelStroke()
        canvas.load(document)
        state.swapped()
        recorder?.documentReplaced()
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
        switch state.saveAction {
        case .writeNew: write(.newFile, bakedFirst: bakedFirst, completion: completion)
        case .replace(let file): write(.replace(file), bakedFirst: bakedFirst, completion: completion)
        case .nothingToSave:
            board.showStatus(tr("Nothing to save: %@ already holds the drawing", documentName ?? binding.name ?? ""))
            completion?(true)
        case .chooseWhere:
            // A format read but not written (SVG, GIF, HEIC, AVIF): where, and in what, as Save As.
            board.showStatus(tr("X11Paint cannot write %@ back in its format: choose where to save the drawing", documentName ?? ""))
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
    private func settleWhatIsShown() -> Bool {
        canvas.settleBackgroundPreview()
        canvas.commitText()
        let bakedFirst = board.photoPlacement != nil
        board.bakePhoto()
        return bakedFirst
    }

    /// Writes a copy to `target` (Export): the document stays bound, and as edited, as it was.
    func export(to target: SaveAsTarget) {
        let bakedFirst = settleWhatIsShown()
        board.showStatus(bakedFirst ? tr("Photo added to the drawing; exporting…") : tr("Exporting…"))
        let artwork = canvas.artworkSnapshot(), flattened = artwork.layerCount > 1 && !target.keepsLayers
        let overWhite = Self.transparencyNote(artwork, target)
        saver.save(artwork, to: target, deliver: board.postToUIThread) { [weak self] result in
            switch result {
            case .success(let path):
                Log.info("exported \(path)")
                var note = flattened ? " " + tr("The file has the layers flattened; the drawing keeps them (Save As .ora keeps layers).") : ""
                note += overWhite
                self?.board.showStatus(Self.sentences(tr("Exported a copy to %@", path), note))
            case .failure(let error):
                self?.board.showStatus("\(error)", isError: true)
                Log.warning("\(error)")
            }
        }
    }

    /// A message and the notes after it (each starting with a space): the message ends with a
    /// full stop when notes follow it, so "Saved to …/flat.png" and "The file has…" read as two sentences.
    static func sentences(_ message: String, _ notes: String) -> String { notes.isEmpty ? message : message + "." + notes }

    /// What the message after saving adds when the format cannot keep the drawing's
    /// transparency (JPEG, BMP): the file has it over white, the drawing keeps it.
    private static func transparencyNote(_ artwork: ArtworkSnapshot, _ target: SaveAsTarget) -> String {
        guard artwork.hasTransparentBackground, !target.keepsTransparency else { return "" }
        return " " + tr("%@ keeps no transparency: the file has the transparent parts white; the drawing keeps them (PNG, WebP, TIFF and ORA keep them).",
                        target.formatName)
    }

    private enum Destination {
        case newFile
        case replace(SaveAsTarget)
        case saveAs(SaveAsTarget)
    }

    private func write(_ destination: Destination, bakedFirst: Bool, completion: ((Bool) -> Void)?) {
        let documentSaved = canvas.document, generation = state.generation
        let artwork = canvas.artworkSnapshot(), deliver = board.postToUIThread
        // PNG and JPEG hold one picture: the file gets the layers flattened, the drawing keeps them.
        let keepsLayers: Bool
        switch destination {
        case .newFile: keepsLayers = false
        case .replace(let target), .saveAs(let target): keepsLayers = target.keepsLayers
        }
        let flattened = artwork.layerCount > 1 && !keepsLayers
        var overWhite = ""
        switch destination {
        case .newFile: break
        case .replace(let target), .saveAs(let target): overWhite = Self.transparencyNote(artwork, target)
        }
        board.showStatus(bakedFirst ? tr("Photo added to the drawing; saving…") : tr("Saving…"))
        let finished: (Result<String, Error>) -> Void = { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let path):
                self.lastSavedPath = path
                self.noteUsed(path)
                let outcome = self.state.saved(documentSaved, generation: generation, path: path)
                if outcome.current {
                    self.updateTitle()
                    self.recorder?.bindingChanged()
                }
                var note = outcome.mentionLossyFormat ? " " + tr("(JPEG loses a little detail at every save; Save As PNG keeps every pixel.)") : ""
                if flattened { note += " " + tr("The file has the layers flattened; the drawing keeps them (Save As .ora keeps layers).") }
                note += overWhite
                Log.info("saved \(path)")
                // A later save still running keeps its "Saving…" until it is done.
                if self.saver.inFlight == 0 {
                    self.board.showStatus(Self.sentences(bakedFirst ? tr("Photo added and saved to %@ (Ctrl+Z takes the photo back)", path)
                                                                    : tr("Saved to %@", path), note))
                }
            case .failure(let error):
                // The file's own place failed (its folder gone or read-only): the way out is another place.
                var advice = ""
                if case .replace = destination { advice = " " + tr("Save As (Ctrl+Shift+S) saves it somewhere else.") }
                self.board.showStatus("\(error)" + advice, isError: true)
                Log.warning("\(error)")
            }
            self.onSaveFinished?(result)
            if case .success = result { completion?(true) } else { completion?(false) }
        }
        switch destination {
        case .newFile: saver.save(artwork, deliver: deliver, completion: finished)
        case .replace(let file): saver.save(artwork, replacing: file, deliver: deliver, completion: finished)
        case .saveAs(let target): saver.save(artwork, to: target, deliver: deliver, completion: finished)
        }
    }

    /// The app is ending: saves still running are finished first, and their news delivered.
    public func finishSaves() {
        saver.waitUntilDone()
        board.view.window?.application.tick()
        recentFiles.waitUntilWritten()
    }

    /// Runs `action` at once when nothing is unsaved; else asks whether to save first.
    /// `discarding`: what "Don't save" does first (closing forgets the recovery copy too).
    func askToSaveChanges(before what: String, discarding: @escaping () -> Void = {}, then action: @escaping () -> Void) {
        guard isModified else { return action() }
        let name = documentName ?? "the drawing"
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
    public var isRestoring: Bool { restoring != nil }

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
    public func finishRestoring() {
        restoring?.wait()
        board.view.window?.application.tick()
    }

    /// Restores what the opening read, says what came back and what did not, and records from
    /// now on when the journal could be opened.
    public func open(_ opening: JournalOpening) {
        let recovery = opening.recovery
        var document = recovery.document
        // The stroke was being drawn on the layer that was current.
        if let unfinished = recovery.unfinishedStroke, !unfinished.points.isEmpty {
            document.append(recovery.currentLayerID == 0 ? .stroke(unfinished) : .onLayer(recovery.currentLayerID, .stroke(unfinished)))
        }
        // Words that were being typed, a selection that was floating: baked where they were.
        if let pending = recovery.pendingItem { document.append(pending) }
        let finished = recovery.unfinishedStroke == nil && recovery.pendingItem == nil
        if !recovery.isEmpty {
            canvas.load(document, redo: finished ? recovery.redo : [], currentLayer: recovery.currentLayerID)
            // The file it was, and whether that file holds it as it came back.
            state.restored(canvas.document, filePath: recovery.filePath, saved: recovery.isSaved && finished)
            updateTitle()
        }
        state.documentsBeforeCrop = recovery.documentsBeforeCrop
        board.updateUndoAvailability()
        if let message = RecoveryRecorder.startMessage(for: opening, restoredItems: document.items.count,
                                                       canSave: opening.problem == nil || PicturesFolder.canWrite(board.picturesFolder)) {
            board.showStatus(message.text, isError: message.isError)
        }
        guard let journal = opening.journal else { return }
        let recorder = RecoveryRecorder(journal: journal, canvas: canvas, snapshot: { [unowned self] in self.journalSnapshot },
                                        deliver: board.postToUIThread,
                                        scheduler: { [weak board] in board?.view.window?.application.scheduler },
                                        report: { [weak board] text, isError in board?.showStatus(text, isError: isError) })
        self.recorder = recorder
        canvas.onEdit = { [unowned recorder] edit in recorder.record(edit) }
    }

    /// The user closed without saving: the recovery copy goes too (the next start is a new
    /// drawing, as after "Don't save" in any editor), and nothing more is recorded.
    func discardRecovery() {
        guard let recorder else { return }
        recorder.journal.compact(DocumentJournal.Snapshot(Document(), redo: []))
        recorder.journal.flush()
        self.recorder = nil
        canvas.onEdit = nil
    }

    /// The tab closed: its journal is emptied (a closed document does not come back after a
    /// crash) and its folder is free for another tab.
    func closeRecovery() {
        let journal = recorder?.journal
        discardRecovery()
        journal?.close()
    }

    /// The app is ending or the X server is going away: a floating selection is left where it
    /// is (baked), and the stroke in progress is made durable now.
    public func flushJournal() {
        if board.photoController.isLifted { board.photoController.bake() }
        recorder?.flush()
    }

    /// What the journal keeps: the document, its redo items, the item being made, the documents
    /// crops replaced.
    var journalSnapshot: DocumentJournal.Snapshot {
        state.journalSnapshot(canvas.document, redo: canvas.redoItems, pending: itemBeingMade.map(canvas.content.onCurrentLayer),
                              currentLayerID: canvas.content.currentLayerID)
    }

    /// Words being typed, or a selection lifted and floating, as the item it becomes.
    private var itemBeingMade: Document.Item? {
        if let text = canvas.textInProgress, !text.text.allSatisfy(\.isWhitespace) { return .text(text) }
        return board.photoController.liftedItem
    }
}
