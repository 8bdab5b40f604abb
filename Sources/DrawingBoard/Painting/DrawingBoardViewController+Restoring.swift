import Foundation

/// Crash recovery: at start the journal is read beside the UI thread (it and the pictures it
/// names can take a while to read and decode, and the window must answer meanwhile; until the
/// drawing is back the canvas and the bars take no input, so nothing drawn is lost under it);
/// from then on every change is recorded.
extension DrawingBoardViewController {
    /// The message about restoring shows only when it takes longer than this (no flash).
    static let restoringMessageDelay = 0.15

    /// Reads what the last session left in `stateFolder` in the background, then restores it
    /// and records from then on; `completion` gets the opening once it is in place. `reader`
    /// reads the folder (tests slow it down).
    public func restore(fromStateFolder stateFolder: String,
                        reader: @escaping (String) -> JournalOpening = JournalOpening.open(stateFolder:),
                        completion: @escaping (JournalOpening) -> Void = { _ in }) {
        guard restoring == nil else { return }
        let group = DispatchGroup()
        restoring = group
        setInputEnabled(false)
        let messageTimer = view.window?.application.scheduler.schedule(after: Self.restoringMessageDelay) { [weak self] in
            self?.showStatus(tr("Restoring the last drawing…"))
        }
        let deliver = postToUIThread
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            let opening = reader(stateFolder)
            deliver { [weak self] in
                messageTimer?.cancel()
                if let self {
                    self.restoring = nil
                    self.setInputEnabled(true)
                    if self.statusLabel.text == tr("Restoring the last drawing…") { self.messageLine.hide() }
                    self.open(opening)
                    if self.saveWhenRestored {
                        self.saveWhenRestored = false
                        self.save()
                    }
                }
                completion(opening)
            }
            group.leave()
        }
    }

    /// The canvas and both bars (a colour or a background chosen now would be replaced too).
    private func setInputEnabled(_ enabled: Bool) {
        for view in [canvas, toolbar, bottomBar] { view.isUserInteractionEnabled = enabled }
    }

    /// Whether the last drawing is still being read.
    public var isRestoring: Bool { restoring != nil }

    /// Waits for the reading and puts the drawing in place (tests).
    public func finishRestoring() {
        restoring?.wait()
        view.window?.application.tick()
    }

    // MARK: - Recording

    /// Restores what a previous session left (the stroke it was drawing becomes a stroke) and
    /// records every change from now on.
    public func attach(_ journal: DocumentJournal, restoring recovery: DocumentJournal.Recovery) {
        var opening = JournalOpening(folder: journal.folder)
        opening.journal = journal
        opening.recovery = recovery
        open(opening)
    }

    /// Restores what the opening read, says what came back and what did not, and records from
    /// now on when the journal could be opened.
    public func open(_ opening: JournalOpening) {
        let recovery = opening.recovery
        var document = recovery.document
        if let unfinished = recovery.unfinishedStroke, !unfinished.points.isEmpty { document.append(.stroke(unfinished)) }
        // Words that were being typed, a selection that was floating: baked where they were.
        if let pending = recovery.pendingItem { document.append(pending) }
        let finished = recovery.unfinishedStroke == nil && recovery.pendingItem == nil
        if !recovery.isEmpty { canvas.load(document, redo: finished ? recovery.redo : []) }
        documentsBeforeCrop = recovery.documentsBeforeCrop
        updateUndoAvailability()
        if let message = RecoveryRecorder.startMessage(for: opening, restoredItems: document.items.count,
                                                       canSave: opening.problem == nil || PicturesFolder.canWrite(picturesFolder)) {
            showStatus(message.text, isError: message.isError)
        }
        guard let journal = opening.journal else { return }
        let recorder = RecoveryRecorder(journal: journal, canvas: canvas, snapshot: { [unowned self] in self.journalSnapshot },
                                        deliver: postToUIThread,
                                        scheduler: { [weak self] in self?.view.window?.application.scheduler },
                                        report: { [weak self] text, isError in self?.showStatus(text, isError: isError) })
        self.recorder = recorder
        canvas.onEdit = { [unowned recorder] edit in recorder.record(edit) }
    }

    /// The app is ending or the X server is going away: a floating selection is left where it
    /// is (baked), and the stroke in progress is made durable now.
    public func flushJournal() {
        if photoController.isLifted { photoController.bake() }
        recorder?.flush()
    }

    /// What the journal keeps: the document, its redo items, the item being made, the documents
    /// crops replaced.
    var journalSnapshot: DocumentJournal.Snapshot {
        DocumentJournal.Snapshot(canvas.document, redo: canvas.redoItems, pending: itemBeingMade, documentsBeforeCrop: documentsBeforeCrop)
    }

    /// Words being typed, or a selection lifted and floating, as the item it becomes.
    private var itemBeingMade: Document.Item? {
        if let text = canvas.textInProgress, !text.text.allSatisfy(\.isWhitespace) { return .text(text) }
        return photoController.liftedItem
    }
}
