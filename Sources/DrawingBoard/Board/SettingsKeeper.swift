import Foundation

/// Keeps the settings file in step with the board while the app runs, not only at its end: a
/// kill -9 or a power cut then loses at most the last second of changes to the pen, the
/// palette or the window. Every change comes from input, so the adapter says when input came;
/// a second later the settings are compared with what was written last and, when different,
/// written beside the UI thread (one write for a burst of changes, and none while idle).
public final class SettingsKeeper {
    /// How long after input the settings are looked at (a burst of changes is one write).
    public static let delay = 1.0

    /// The board whose pen is kept: the current tab's (the pen is the window's).
    private let currentBoard: () -> DrawingBoardViewController
    private var board: DrawingBoardViewController { currentBoard() }
    private let file: SettingsFile
    private let windowSize: () -> Size?
    private let queue = DispatchQueue(label: "x11paint.settings", qos: .utility)
    private var lastWritten: AppSettings?
    private var pending: Scheduler.Timer?

    /// `written`: what the file holds now (what the board was set from at start).
    public convenience init(board: DrawingBoardViewController, file: SettingsFile, written: AppSettings?, windowSize: @escaping () -> Size?) {
        self.init(currentBoard: { [unowned board] in board }, file: file, written: written, windowSize: windowSize)
    }

    public init(currentBoard: @escaping () -> DrawingBoardViewController, file: SettingsFile, written: AppSettings?, windowSize: @escaping () -> Size?) {
        self.currentBoard = currentBoard
        self.file = file
        self.windowSize = windowSize
        lastWritten = written
    }

    /// Input came: the settings may have changed; they are looked at a moment later.
    public func inputArrived() {
        guard pending == nil, let scheduler = board.view.window?.application.scheduler else { return }
        pending = scheduler.schedule(after: Self.delay) { [weak self] in
            self?.pending = nil
            self?.writeIfChanged()
        }
    }

    /// Writes the settings when they differ from the last written (beside the UI thread).
    public func writeIfChanged() {
        let current = BoardSettings.current(of: board, windowSize: windowSize())
        guard current != lastWritten else { return }
        lastWritten = current
        let file = self.file
        queue.async {
            do { try file.save(current) } catch { Log.warning("the settings could not be kept in \(file.path): \(error)") }
        }
    }

    /// Waits for a write under way (the app ending writes last, over it; tests).
    public func waitUntilWritten() { queue.sync {} }
}
