import Foundation

/// Connects the canvas to the crash-recovery journal: every change is recorded, the stroke in
/// progress at least once a second and whenever the app is told to end, and the user hears
/// once when recording pauses (a full disk) and again when it resumes.
public final class RecoveryRecorder {
    public let journal: DocumentJournal
    private unowned let canvas: CanvasView
    private let scheduler: () -> Scheduler?
    /// Shows a line to the user (text, is it an error).
    private let report: (String, Bool) -> Void
    private var progressTimer: Scheduler.Timer?
    private var progressRecorded = false
    /// The stroke in progress reaches the journal at least this often.
    public static let progressInterval = 1.0

    init(journal: DocumentJournal, canvas: CanvasView, deliver: @escaping (@escaping () -> Void) -> Void, scheduler: @escaping () -> Scheduler?, report: @escaping (String, Bool) -> Void) {
        self.journal = journal
        self.canvas = canvas
        self.scheduler = scheduler
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
        journal.compact(current)
    }

    /// The document now, for the writer (a value: the UI thread goes on changing its own).
    private var current: DocumentJournal.Snapshot { DocumentJournal.Snapshot(canvas.document, redo: canvas.redoItems) }

    /// Hands the change to the journal's writer; nothing here waits for the disk.
    func record(_ edit: CanvasView.Edit) {
        switch edit {
        case .appended(let item):
            journal.write(.append(item), current: current)
            progressRecorded = false // the stroke is in the journal whole now
        case .undone: journal.write(.undo, current: current)
        case .redone: journal.write(.redo, current: current)
        }
    }

    func drawingBegan() { recordProgressPeriodically() }

    /// Another document took this one's place (New, Open): the journal starts afresh from it.
    func documentReplaced() {
        progressTimer?.cancel()
        progressRecorded = false
        journal.compact(current)
    }

    func drawingEnded() {
        progressTimer?.cancel()
        // A stroke that was journaled in progress but then dropped must not come back.
        if progressRecorded {
            progressRecorded = false
            journal.writeProgress(nil, current: current)
        }
    }

    /// While drawing, the stroke so far is journaled every second (only its new points).
    private func recordProgressPeriodically() {
        progressTimer?.cancel()
        progressTimer = scheduler()?.schedule(after: Self.progressInterval) { [weak self] in
            guard let self, self.canvas.strokeInProgress != nil else { return }
            self.journalStrokeInProgress()
            self.recordProgressPeriodically()
        }
    }

    /// The app is ending (a signal, the window closed, the X server gone): the stroke in
    /// progress and everything queued go to disk before this returns, so the next start brings
    /// all of it back.
    public func flush() {
        // Words being typed are committed, as the box would be on leaving it: journaled with the rest.
        canvas.commitText()
        journalStrokeInProgress()
        journal.flush()
    }

    private func journalStrokeInProgress() {
        guard let stroke = canvas.strokeInProgress else { return }
        journal.writeProgress(stroke, current: current)
        progressRecorded = true
    }

    /// What the user is told at start about what came back, what did not, and whether this
    /// session is recorded.
    public static func startMessage(for opening: JournalOpening, restoredItems: Int) -> (text: String, isError: Bool)? {
        // One line on screen: short facts; the log has the file names.
        var parts: [String] = []
        let recovery = opening.recovery
        if !recovery.isEmpty { parts.append(trn("Restored %d item from last time.", "Restored %d items from last time.", restoredItems)) }
        if recovery.damagedStretches > 0 {
            let count = recovery.damagedStretches
            parts.append(trn("%d damaged part of the journal skipped (the old file is kept).", "%d damaged parts of the journal skipped (the old file is kept).", count))
        }
        if let unreadable = recovery.unreadable { parts.append(tr("The journal could not be read: %@.", "\(unreadable)")) }
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
            parts.append(tr("Crash recovery is off: %@. Save with Ctrl+S.", "\(problem)"))
        }
        guard !parts.isEmpty else { return nil }
        return (parts.joined(separator: " "), opening.problem != nil || recovery.isDamaged)
    }
}
