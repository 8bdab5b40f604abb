import Foundation

/// Photos from the picker, the clipboard or a path, opened in the background: the message
/// line says how far it got, and Escape or Cancel stops it. The board keeps drawing meanwhile.
extension DrawingBoardViewController {
    /// How often the progress on the message line is brought up to date.
    static let openingProgressInterval = 0.1

    /// Reads and decodes a picture beside the UI thread, then starts placing it.
    public func openPhoto(_ source: PhotoOpener.Source) {
        read(source, maximumPixels: maximumPhotoPixels, upright: false, what: tr("the photo")) { [weak self] opened in
            self?.placePhoto(opened.photo, originalSize: (opened.sourceWidth, opened.sourceHeight))
        }
    }

    /// Reads a picture beside the UI thread with progress and Cancel on the message line;
    /// `then` gets it, or the line says why it could not be read.
    func read(_ source: PhotoOpener.Source, maximumPixels: Int, upright: Bool, what: String,
              then: @escaping (PhotoDecoder.Opened) -> Void) {
        photoOpener.open(source, maximumPixels: maximumPixels, upright: upright, deliver: postToUIThread) { [weak self] result in
            guard let self else { return }
            self.endOpeningProgress()
            switch result {
            case .success(let opened): then(opened)
            case .failure(let error):
                self.showStatus(tr("Cannot open %@: %@", what, "\(error)"), isError: true)
                // Support and scripts read the log: the whole path there, whatever the screen shortened.
                if case .file(let path) = source { Log.warning("cannot open \(SystemPath.displayed(path)): \(error)") } else { Log.warning("cannot open \(what): \(error)") }
            }
        }
        cancelOpeningButton.isHidden = false
        updateOpeningProgress()
    }

    /// Stops the picture being opened; nothing changes on the canvas.
    public func cancelOpening() {
        guard let name = photoOpener.openingName else { return }
        photoOpener.cancel()
        endOpeningProgress()
        showStatus(tr("Stopped opening %@", name))
    }

    /// Waits for the picture being opened and places it (tests; the app ending).
    public func finishOpening() {
        photoOpener.waitUntilDone()
        view.window?.application.tick()
    }

    private func updateOpeningProgress() {
        guard let job = photoOpener.job, let name = photoOpener.openingName else { return }
        let percent = Int((job.progress * 100).rounded(.down))
        showStatus(tr("Opening %@… %d%% (Escape cancels)", name, percent))
        openingProgressTimer?.cancel()
        openingProgressTimer = view.window?.application.scheduler.schedule(after: Self.openingProgressInterval) { [weak self] in
            self?.updateOpeningProgress()
        }
    }

    private func endOpeningProgress() {
        openingProgressTimer?.cancel()
        openingProgressTimer = nil
        cancelOpeningButton.isHidden = true
    }

    // MARK: - Where photos come from

    /// Presents the photo picker over the board.
    public func choosePhoto() {
        guard presentedViewController == nil else { return }
        let picker = PhotoPickerViewController(folder: picturesFolder, home: home)
        picker.onCancel = { [unowned self] in self.dismiss() }
        picker.onPick = { [unowned self] path in
            self.dismiss()
            self.openPhoto(path: path)
        }
        present(picker)
    }

    /// Places the picture on the clipboard (Ctrl+V), decoded in the background.
    public func pastePhoto() {
        guard let pasteboard else { return showStatus(tr("There is no clipboard here"), isError: true) }
        pasteboard.requestImage { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let bytes): self.openPhoto(.bytes(Data(bytes), name: tr("Pasted picture")))
            case .failure(let error):
                self.showStatus("\(error)", isError: true)
                Log.warning("paste: \(error)")
            }
        }
    }

    /// Opens a picture file and starts placing it; a bad file only says why.
    public func openPhoto(path: String) { openPhoto(.file(path)) }

    /// A photo is kept at most at this many times the canvas's pixels: more can never show,
    /// and a 10000 x 10000 picture would cost 400 MB in memory and in every later start.
    public static let photoPixelsPerCanvasPixel = 4

    /// The most pixels a photo is kept at here: 4x the canvas's (at least 640x480's).
    var maximumPhotoPixels: Int {
        let scale = view.window?.scale ?? 1
        let canvasPixels = Int(canvas.bounds.width * canvas.bounds.height * scale * scale)
        return max(canvasPixels, 640 * 480) * Self.photoPixelsPerCanvasPixel
    }
}
