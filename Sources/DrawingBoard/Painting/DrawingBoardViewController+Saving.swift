import Foundation

/// Saving in the background: into Pictures as a new file (Save), or to a file the user named
/// (Save As); the user keeps drawing meanwhile and hears where it went, or why it could not go.
extension DrawingBoardViewController {
    /// Saves the artwork as a PNG in the background and tells the user where it went (or why
    /// it could not): "Saving…" at once, drawing goes on, then "Saved to …". What is drawn
    /// after this call is not in the file.
    public func save() { save(to: nil) }

    /// Saves into Pictures (nil), or to a file the user named (Save As; the document takes its name).
    /// `completion` hears whether it worked, after the message (what waits for a save, such as
    /// "Save first" before Open, goes on only when it did).
    func save(to target: SaveAsTarget?, completion: ((Bool) -> Void)? = nil) {
        // The file holds what the user sees: a background being chosen becomes a change, and
        // a photo being placed is added to the drawing first (and the message says so).
        canvas.settleBackgroundPreview()
        canvas.commitText()
        let bakedFirst = photoPlacement != nil
        bakePhoto()
        let editsSaved = editCount, generation = documentGeneration
        showStatus(bakedFirst ? tr("Photo added to the drawing; saving…") : tr("Saving…"))
        let finished: (Result<String, Error>) -> Void = { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let path):
                self.lastSavedPath = path
                if generation == self.documentGeneration {
                    self.savedEditCount = editsSaved
                    if let target { self.documentName = target.name }
                    self.updateTitle()
                }
                Log.info("saved \(path)")
                // A later save still running keeps its "Saving…" until it is done.
                if self.saver.inFlight == 0 {
                    self.showStatus(bakedFirst ? tr("Photo added and saved to %@ (Ctrl+Z takes the photo back)", path) : tr("Saved to %@", path))
                }
            case .failure(let error):
                self.showStatus("\(error)", isError: true)
                Log.warning("\(error)")
            }
            self.onSaveFinished?(result)
            if case .success = result { completion?(true) } else { completion?(false) }
        }
        if let target {
            saver.save(canvas.artworkSnapshot(), to: target, deliver: postToUIThread, completion: finished)
        } else {
            saver.save(canvas.artworkSnapshot(), deliver: postToUIThread, completion: finished)
        }
    }


    /// The app is ending: saves still running are finished first, and their news delivered.
    public func finishSaves() {
        saver.waitUntilDone()
        view.window?.application.tick()
    }
}
