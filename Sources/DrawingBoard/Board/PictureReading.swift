/// Pictures read and decoded beside the UI thread (a document to open, a photo to place, from
/// a file or the clipboard): the message line says how far it got, and Escape or Cancel stops
/// it. The board keeps drawing meanwhile. One picture is read at a time.
final class PictureReading {
    /// How often the progress on the message line is brought up to date.
    static let progressInterval = 0.1

    let opener = PhotoOpener()
    private var progressTimer: Scheduler.Timer?
    private unowned let board: DrawingBoardViewController

    init(board: DrawingBoardViewController) { self.board = board }

    var isOpening: Bool { opener.isOpening }
    /// The file being read now, if a file is (a second Open of it shows the tab reading it).
    var fileBeingRead: String? { if isOpening, case .file(let path)? = source { path } else { nil } }
    private var source: PhotoOpener.Source?

    /// Reads a picture with progress and Cancel on the message line; `then` gets it, or the
    /// line says why it could not be read.
    func read(_ source: PhotoOpener.Source, maximumPixels: Int, upright: Bool, what: String, svgSize: (width: Int, height: Int)? = nil,
              then: @escaping (PhotoDecoder.Opened) -> Void) {
        self.source = source
        opener.open(source, maximumPixels: maximumPixels, upright: upright, svgSize: svgSize, deliver: board.postToUIThread) { [weak self] result in
            guard let self else { return }
            self.source = nil
            self.endProgress()
            switch result {
            case .success(let opened): then(opened)
            case .failure(let error):
                self.board.showStatus(tr("Cannot open %@: %@", what, "\(error)"), isError: true)
                // Support and scripts read the log: the whole path there, whatever the screen shortened.
                if case .file(let path) = source { Log.warning("cannot open \(SystemPath.displayed(path)): \(error)") } else { Log.warning("cannot open \(what): \(error)") }
            }
        }
        board.cancelOpeningButton.isHidden = false
        updateProgress()
    }

    /// Stops the picture being read; nothing changes on the canvas.
    func cancel() {
        guard let name = opener.openingName else { return }
        opener.cancel()
        endProgress()
        board.showStatus(tr("Stopped opening %@", name))
    }

    /// Waits for the picture being read and hands it on (tests; the app ending).
    func finish() {
        opener.waitUntilDone()
        board.view.window?.application.tick()
    }

    private func updateProgress() {
        guard let job = opener.job, let name = opener.openingName else { return }
        let percent = Int((job.progress * 100).rounded(.down))
        board.showStatus(tr("Opening %@… %d%% (Escape cancels)", name, percent))
        progressTimer?.cancel()
        progressTimer = board.view.window?.application.scheduler.schedule(after: Self.progressInterval) { [weak self] in
            self?.updateProgress()
        }
    }

    private func endProgress() {
        progressTimer?.cancel()
        progressTimer = nil
        board.cancelOpeningButton.isHidden = true
    }
}
