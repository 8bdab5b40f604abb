import Foundation

/// Crash recovery at start, read beside the UI thread: the journal and the pictures it names
/// can take a while to read and decode, and the window must answer meanwhile. Until the
/// drawing is back the canvas and the bars take no input, so nothing drawn can be lost under it.
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
            self?.showStatus("Restoring the last drawing…")
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
                    if self.statusLabel.text.hasSuffix("Restoring the last drawing…") { self.messageLine.hide() }
                    self.open(opening)
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
}
