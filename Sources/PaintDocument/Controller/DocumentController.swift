import Foundation

/// One open document, as NSDocument is one: the document and its operation log (`content`),
/// the file it is bound to with its name and unsaved mark, saving in the background, the
/// documents kept whole before a crop of a picture, and crash recovery (the journal, which hears
/// every operation). It knows no view: whatever shows the document follows `content` and this
/// controller's file state, and tells it what it has under way (`work`).
public final class DocumentController {
    /// The document, its layers' pixels and its history of operations.
    public let content: DocumentContent
    /// The file, the name, the unsaved mark and the crops' history.
    public private(set) var state = DocumentFileState()
    /// What the window showing it has under way (a stroke, words, a floating selection).
    public weak var work: DocumentWorkInProgress?
    let saver: BackgroundSaver
    /// Writes every change to the crash-recovery journal (nil: not recorded).
    public private(set) var recorder: RecoveryRecorder?
    public private(set) var lastSavedPath: String?
    /// Runs after each save has been told, on the thread that edits the document (tests, the demo).
    public var onSaveFinished: ((Result<String, Error>) -> Void)?
    /// The folder of the last file opened or saved (kept between runs).
    public var lastFolder: String?
    /// The desktop's recently-used list, told of each file opened or saved (the platform sets
    /// it; nil: none, as in tests).
    public var recentlyUsed: RecentlyUsed? {
        get { recentFiles.list }
        set { recentFiles.list = newValue }
    }
    private let recentFiles = RecentFilesNotes()
    /// What each crop, turn or mirror kept whole was, for the message when it is taken back
    /// (this run's only: one restored from the journal is called a crop).
    private var reshapes: [String?] = []
    private var changeObservation: DocumentObservation?
    private var fileStateObservers: [(id: Int, observe: () -> Void)] = []
    private var nextObserverID = 0

    public init(store: ArtworkStore, content: DocumentContent = DocumentContent()) {
        self.content = content
        saver = BackgroundSaver(store: store)
        changeObservation = content.observeChanges { [unowned self] in
            self.state.changed(to: self.content.document)
            self.fileStateChanged()
        }
    }

    // MARK: - Name and file

    /// Whether there are changes not yet in a saved file.
    public var isModified: Bool { state.isModified }
    public var documentName: String? { state.name }
    public var binding: DocumentBinding { state.binding }
    /// "name - X11Paint", with a star while there are unsaved changes.
    public var windowTitle: String { state.windowTitle }
    public var tabTitle: String { state.tabTitle }

    /// Follows the name, the file and the unsaved mark (a title, a tab), until the observation
    /// is cancelled or let go.
    public func observeFileState(_ observe: @escaping () -> Void) -> DocumentObservation {
        nextObserverID += 1
        let id = nextObserverID
        fileStateObservers.append((id, observe))
        return DocumentObservation { [weak self] in self?.fileStateObservers.removeAll { $0.id == id } }
    }

    private func fileStateChanged() {
        for observer in fileStateObservers { observer.observe() }
    }

    public func noteUsed(_ path: String) {
        lastFolder = (path as NSString).deletingLastPathComponent
        recentFiles.note(path)
    }

    /// Where Save As and Export suggest: the document's own folder, else the last one, else `pictures`.
    public func suggestedFolder(pictures: String) -> String {
        binding.path.map { ($0 as NSString).deletingLastPathComponent } ?? lastFolder ?? pictures
    }

    // MARK: - Another document in place

    /// Puts `document` in place of the current one: a new history, journaled as a new
    /// generation (what it replaced stays there until this moment). `file`: the file it was
    /// read from (it saves there); nil: untitled; `unsaved`: no file holds it.
    public func replaceDocument(with document: Document, name: String?, file: String? = nil, unsaved: Bool = false) {
        // A new history (the crops of the old document cannot be taken back into it), bound to
        // its file before the journal's new generation is written.
        state.opened(name: name, file: file)
        reshapes.removeAll()
        swapDocument(for: document)
        // Loading it counted as a change: the opened document has none (a pasted one is in no file).
        if unsaved { state.unsaved(content.document) } else { state.settled(content.document) }
        fileStateChanged()
        recorder?.bindingChanged()
    }

    /// A crop kept whole: the document becomes `cropped`, and Ctrl+Z brings back the one it
    /// replaced. `what`: what taking it back is called (a turn or a mirror is kept as a crop is).
    public func crop(to cropped: Document, what: String? = nil) {
        state.documentsBeforeCrop.append(content.document)
        reshapes.append(what)
        swapDocument(for: cropped)
    }

    /// Whether an undo can take back something the history does not hold (a crop kept whole).
    public var canUndoCrop: Bool { !state.documentsBeforeCrop.isEmpty }

    /// Undo at the start of a cropped document's history: the document before the crop.
    /// Returns nil when there was none, else what was taken back (nil inside: a crop).
    public func undoCrop() -> String?? {
        guard let before = state.documentsBeforeCrop.popLast() else { return nil }
        swapDocument(for: before)
        return .some(reshapes.popLast() ?? nil)
    }

    /// Another document in place (journaled as a new generation).
    private func swapDocument(for document: Document) {
        work?.cancelWork()
        state.swapped()
        content.replace(with: document)
        recorder?.documentReplaced()
    }

    // MARK: - Saving

    /// Where a save writes.
    public enum SaveDestination {
        /// A new file in Pictures, which the document then is (an untitled document's first save).
        case newFile
        /// The document's own file.
        case replace(SaveAsTarget)
        /// A file the user named, which the document then is.
        case saveAs(SaveAsTarget)
    }

    /// What a save or an export did, for what the user is told.
    public struct SaveReport {
        public var path: String
        /// The file holds the layers flattened (the document keeps them).
        public var flattenedLayers: Bool
        /// The format keeps no transparency: the file has the transparent parts white (its name).
        public var transparencyLostIn: String?
        /// The format loses detail at every save, said once per document.
        public var mentionLossyFormat = false
    }

    /// What Save should do now.
    public var saveAction: DocumentBinding.SaveAction { state.saveAction }

    /// Writes the document as it is now to `destination` beside the editing thread; what is
    /// drawn after this call is not in the file. `completion` hears through `deliver` what was
    /// written (the document then bound to it and marked saved, when it is still this one) or why not.
    public func write(_ destination: SaveDestination, deliver: @escaping (@escaping () -> Void) -> Void,
                      completion: @escaping (Result<SaveReport, Error>) -> Void) {
        let documentSaved = content.document, generation = state.generation
        let artwork = content.artworkSnapshot()
        let target: SaveAsTarget?
        switch destination {
        case .newFile: target = nil
        case .replace(let file), .saveAs(let file): target = file
        }
        // PNG and JPEG hold one picture: the file gets the layers flattened, the document keeps them.
        let flattened = artwork.layerCount > 1 && target?.keepsLayers != true
        let overWhite = target.flatMap { Self.transparencyLost(artwork, $0) }
        let finished: (Result<String, Error>) -> Void = { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let path):
                self.lastSavedPath = path
                self.noteUsed(path)
                let outcome = self.state.saved(documentSaved, generation: generation, path: path)
                if outcome.current {
                    self.fileStateChanged()
                    self.recorder?.bindingChanged()
                }
                completion(.success(SaveReport(path: path, flattenedLayers: flattened, transparencyLostIn: overWhite,
                                               mentionLossyFormat: outcome.mentionLossyFormat)))
            case .failure(let error):
                completion(.failure(error))
            }
            self.onSaveFinished?(result)
        }
        switch destination {
        case .newFile: saver.save(artwork, deliver: deliver, completion: finished)
        case .replace(let file): saver.save(artwork, replacing: file, deliver: deliver, completion: finished)
        case .saveAs(let file): saver.save(artwork, to: file, deliver: deliver, completion: finished)
        }
    }

    /// Writes a copy to `target` (Export): the document stays bound, and as edited, as it was.
    public func export(to target: SaveAsTarget, deliver: @escaping (@escaping () -> Void) -> Void,
                       completion: @escaping (Result<SaveReport, Error>) -> Void) {
        let artwork = content.artworkSnapshot()
        let flattened = artwork.layerCount > 1 && !target.keepsLayers, overWhite = Self.transparencyLost(artwork, target)
        saver.save(artwork, to: target, deliver: deliver) { result in
            completion(result.map { SaveReport(path: $0, flattenedLayers: flattened, transparencyLostIn: overWhite) })
        }
    }

    /// Saves asked for and not yet told back.
    public var savesInFlight: Int { saver.inFlight }

    /// The app is ending: saves still running are written first (their news is delivered
    /// through the `deliver` each was given), and the recently-used list with them.
    public func waitForSaves() {
        saver.waitUntilDone()
    }

    public func waitForRecentFiles() { recentFiles.waitUntilWritten() }

    /// The format's name when it cannot keep the artwork's transparency (JPEG, BMP).
    private static func transparencyLost(_ artwork: ArtworkSnapshot, _ target: SaveAsTarget) -> String? {
        artwork.hasTransparentBackground && !target.keepsTransparency ? target.formatName : nil
    }

    // MARK: - Crash recovery

    /// Puts in place what the journal held (the stroke that was being drawn, and words or a
    /// floating selection, baked where they were). Returns how many items came back.
    public func restore(_ recovery: JournalReader.Recovery) -> Int {
        var document = recovery.document
        // The stroke was being drawn on the layer that was current.
        if let unfinished = recovery.unfinishedStroke, !unfinished.points.isEmpty {
            document.append(recovery.currentLayerID == 0 ? .stroke(unfinished) : .onLayer(recovery.currentLayerID, .stroke(unfinished)))
        }
        if let pending = recovery.pendingItem { document.append(pending) }
        let finished = recovery.unfinishedStroke == nil && recovery.pendingItem == nil
        if !recovery.isEmpty {
            work?.cancelWork()
            content.replace(with: document, redo: finished ? recovery.redo : [], currentLayer: recovery.currentLayerID)
            // The file it was, and whether that file holds it as it came back.
            state.restored(content.document, filePath: recovery.filePath, saved: recovery.isSaved && finished)
            fileStateChanged()
        }
        state.documentsBeforeCrop = recovery.documentsBeforeCrop
        return document.items.count
    }

    /// Records every change from now on in `journal`, which starts afresh from what is there now.
    /// `schedule` times the work in progress's records; `report` tells the user of pauses.
    public func record(in journal: DocumentJournal, deliver: @escaping (@escaping () -> Void) -> Void,
                       schedule: @escaping RecoveryRecorder.Schedule, report: @escaping (String, Bool) -> Void) {
        guard let work else { preconditionFailure("what shows the document is set before recording starts") }
        let recorder = RecoveryRecorder(journal: journal, work: work, snapshot: { [unowned self] in self.journalSnapshot },
                                        deliver: deliver, schedule: schedule, report: report)
        self.recorder = recorder
        content.onEdit = { [unowned recorder] edit in recorder.record(edit) }
    }

    /// The user closed without saving: the recovery copy goes too (the next start is a new
    /// drawing, as after "Don't save" in any editor), and nothing more is recorded.
    public func discardRecovery() {
        guard let recorder else { return }
        recorder.journal.compact(DocumentJournal.Snapshot(Document(), redo: []))
        recorder.journal.flush()
        self.recorder = nil
        content.onEdit = nil
    }

    /// The document closed: its journal is emptied (a closed document does not come back after
    /// a crash) and its folder is free for another.
    public func closeRecovery() {
        let journal = recorder?.journal
        discardRecovery()
        journal?.close()
    }

    /// The app is ending or the X server is going away: a floating selection is put down where
    /// it is, and the work in progress is made durable now.
    public func flushJournal() {
        work?.putDownFloatingSelection()
        recorder?.flush()
    }

    /// What the journal keeps: the document, its redo items, the item being made, the documents
    /// crops replaced.
    public var journalSnapshot: DocumentJournal.Snapshot {
        state.journalSnapshot(content.document, redo: content.redoItems, pending: work?.itemBeingMade.map(content.onCurrentLayer),
                              currentLayerID: content.currentLayerID)
    }
}
