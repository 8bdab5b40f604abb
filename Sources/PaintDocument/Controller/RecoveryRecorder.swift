import Foundation

/// Connects a document to its crash-recovery journal: every change is recorded, the work in
/// progress (a stroke, words, a floating selection) at least once a second and whenever the app
/// is told to end, and the user hears once when recording pauses (a full disk) and again when
/// it resumes.
public final class RecoveryRecorder {
    /// Runs `action` after `delay` seconds on the thread that edits the document; the returned
    /// closure cancels it (nil: there is no clock, as while a window is gone).
    public typealias Schedule = (_ delay: Double, _ action: @escaping () -> Void) -> (() -> Void)?

    public let journal: DocumentJournal
    private unowned let work: DocumentWorkInProgress
    /// The document now with what goes with it (the item being made, the documents crops
    /// replaced), for the writer: a value, the UI thread goes on changing its own.
    private let snapshot: () -> DocumentJournal.Snapshot
    private let schedule: Schedule
    /// Shows a line to the user (text, is it an error).
    private let report: (String, Bool) -> Void
    private var cancelProgressTimer: (() -> Void)?
    private var progressRecorded = false
    /// The item being made as the journal last heard it (an append, undo or redo ends it there).
    private var journaledPending: Document.Item?
    /// The stroke in progress, and any other item being made, reach the journal at least this often.
    public static let progressInterval = 1.0

    init(journal: DocumentJournal, work: DocumentWorkInProgress, snapshot: @escaping () -> DocumentJournal.Snapshot,
         deliver: @escaping (@escaping () -> Void) -> Void, schedule: @escaping Schedule, report: @escaping (String, Bool) -> Void) {
        self.journal = journal
        self.work = work
        self.snapshot = snapshot
        self.schedule = schedule
        self.report = report
        // State changes come from the writer queue; the user hears of them on the UI thread.
        journal.deliver = deliver
        // The folder, not the journal: the journal keeps this closure.
        journal.onStateChange = { [report, folder = journal.folder] state in
            switch state {
            case .paused(let reason):
                report(tr("Crash recovery is paused (%@). Your drawing is safe on screen; it resumes when there is room again.", "\(reason)"), true)
            case .recording:
                report(tr("Crash recovery resumed: everything on screen is kept again (%@).", folder), false)
            }
        }
        // Start the journal afresh from what is on screen now.
        let current = snapshot()
        journal.compact(current)
        journaledPending = current.pending
    }

    /// Hands the change to the journal's writer; nothing here waits for the disk.
    func record(_ edit: DocumentContent.Edit) {
        switch edit {
        case .appended(let item):
            write(.append(item))
            progressRecorded = false // the stroke is in the journal whole now
        case .undone: write(.undo)
        case .redone: write(.redo)
        case .selectedLayer(let id): write(.currentLayer(id))
        case .rewritten: journal.compact(snapshot())
        }
        // The record ended any item being made there; one still being made is written again.
        journaledPending = nil
        recordPending()
    }

    /// Records gathered by `together` (nil: each goes to the writer as it comes).
    private var gathered: [DocumentJournal.Record]?

    /// Journals the changes `body` makes in one write, so that a kill keeps all or none of them:
    /// lifting a selection clears the place it leaves and floats its pixels, and a kill between
    /// the two would lose the pixels.
    public func together(_ body: () -> Void) {
        guard gathered == nil else { return body() }
        gathered = []
        body()
        let records = gathered ?? []
        gathered = nil
        if !records.isEmpty { journal.write(together: records, current: snapshot()) }
    }

    /// To the writer, or to the records `together` gathers; `current` is the document after it.
    private func write(_ record: DocumentJournal.Record, current: DocumentJournal.Snapshot? = nil) {
        if gathered != nil {
            gathered?.append(record)
        } else {
            journal.write(record, current: current ?? snapshot())
        }
    }

    public func drawingBegan() { recordProgressPeriodically() }

    /// The document was saved, or bound to another file: the journal keeps which file it is and
    /// whether it holds the document as it is now.
    func bindingChanged() {
        let current = snapshot()
        write(.binding(path: current.filePath, saved: current.isSaved), current: current)
    }

    /// An item began or stopped being made outside a stroke (a selection lifted, a photo
    /// dropped): the journal hears at once, and then every second while it lasts.
    public func pendingChanged() {
        recordPending()
        if journaledPending != nil { recordProgressPeriodically() }
    }

    /// Another document took this one's place (New, Open, a crop): the journal starts afresh from it.
    func documentReplaced() {
        cancelProgressTimer?()
        progressRecorded = false
        let current = snapshot()
        journal.compact(current)
        journaledPending = current.pending
    }

    public func drawingEnded() {
        cancelProgressTimer?()
        // A stroke that was journaled in progress but then dropped must not come back.
        if progressRecorded {
            progressRecorded = false
            journal.writeProgress(nil, current: snapshot())
        }
        recordPending()
        if journaledPending != nil { recordProgressPeriodically() }
    }

    /// While drawing, the stroke so far is journaled every second (only its new points), and so
    /// is any other item being made when it changed.
    private func recordProgressPeriodically() {
        cancelProgressTimer?()
        cancelProgressTimer = schedule(Self.progressInterval) { [weak self] in
            guard let self else { return }
            self.journalStrokeInProgress()
            self.recordPending()
            guard self.work.strokeInProgress != nil || self.journaledPending != nil else { return }
            self.recordProgressPeriodically()
        }
    }

    /// Writes the item being made when it is not what the journal has.
    private func recordPending() {
        let current = snapshot()
        guard current.pending != journaledPending else { return }
        write(.pending(current.pending), current: current)
        journaledPending = current.pending
    }

    /// The app is ending (a signal, the window closed, the X server gone): the stroke in
    /// progress and everything queued go to disk before this returns, so the next start brings
    /// all of it back.
    public func flush() {
        // Words being typed are committed, as the box would be on leaving it: journaled with the rest.
        work.commitTyping()
        journalStrokeInProgress()
        recordPending()
        journal.flush()
    }

    private func journalStrokeInProgress() {
        guard let stroke = work.strokeInProgress else { return }
        journal.writeProgress(stroke, current: snapshot())
        progressRecorded = true
    }

    /// What the user is told at start about what came back, what did not, and whether this
    /// session is recorded.
    /// `canSave`: whether Save's folder (Pictures) can be written; when not, the advice is Save As.
    public static func startMessage(for opening: JournalOpening, restoredItems: Int, canSave: Bool = true) -> (text: String, isError: Bool)? {
        // One line on screen: short facts; the log has the file names.
        var parts: [String] = []
        let recovery = opening.recovery
        if !recovery.isEmpty {
            let unsaved = !recovery.isSaved || recovery.unfinishedStroke != nil || recovery.pendingItem != nil
            if let path = recovery.filePath {
                let name = DisplayPath.short(SystemPath.displayed((path as NSString).lastPathComponent), limit: 48)
                parts.append(unsaved ? tr("Restored %@ with unsaved changes.", name) : tr("Restored %@.", name))
            } else {
                parts.append(trn("Restored %d item from last time.", "Restored %d items from last time.", restoredItems))
            }
        }
        if recovery.damagedStretches > 0 {
            let count = recovery.damagedStretches
            parts.append(trn("%d damaged part of the journal skipped (the old file is kept).", "%d damaged parts of the journal skipped (the old file is kept).", count))
        }
        if let unreadable = recovery.unreadable { parts.append(tr("The journal could not be read: %@.", "\(unreadable)")) }
        switch recovery.sizeRecovery {
        case .fromPicture(let width, let height)?:
            parts.append(tr("The drawing's size was damaged in the journal; it was taken from its picture (%dx%d).", width, height))
        case .lost?:
            parts.append(tr("The drawing's size was damaged in the journal; it has the window's size now."))
        case nil: break
        }
        if !recovery.missingPictures.isEmpty {
            let count = recovery.missingPictures.count
            parts.append(trn("%d picture missing (placeholder shown).", "%d pictures missing (placeholder shown).", count))
        }
        if opening.slot > 1 && opening.journal != nil {
            parts.append(tr("X11Paint is open in another window: this one keeps its own drawing."))
        }
        if opening.otherWindowsWaiting > 0 {
            parts.append(tr("Another window's drawing is kept too: open a second window to get it back."))
        }
        if let problem = opening.problem {
            // Advice that works: Ctrl+S into Pictures fails too when the home folder cannot be written.
            parts.append(canSave ? tr("Crash recovery is off: %@. Save with Ctrl+S.", "\(problem)")
                                 : tr("Crash recovery is off: %@. Save with Save As (Ctrl+Shift+S) to a folder you can write.", "\(problem)"))
        }
        guard !parts.isEmpty else { return nil }
        return (parts.joined(separator: " "), opening.problem != nil || recovery.isDamaged || recovery.sizeRecovery != nil)
    }
}
