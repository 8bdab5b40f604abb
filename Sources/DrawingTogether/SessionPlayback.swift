import DrawingBoard
import Foundation
import PaintDocument
import SessionProtocol

/// A session's recording played back in a tab: the drawing it starts from, then everyone's
/// changes one after another in the session's order, as they came in to the people drawing,
/// at `changesPerSecond` (0: all at once). The tab takes them as a participant who never draws
/// would; when the last is in, the drawing is the tab's own, to save or go on with.
final class SessionPlayback {
    /// The participant the tab is while it plays: nobody in any session (the server numbers
    /// authors from 1, and the session's start is `OperationID.sessionStart`).
    static let viewer = OperationID.sessionStart - 1
    /// How often the tab takes the changes that are due.
    static let frameInterval = 1.0 / 30
    /// How often the message line says how far it is.
    static let statusInterval = 0.5

    private weak var board: DrawingBoardViewController?
    private let recording: SessionRecordingFile.Recording
    private let changesPerSecond: Double
    private var shared: SharedDocument?
    private var played = 0
    private var started = 0.0, lastStatus = -Double.infinity
    private var timer: Scheduler.Timer?

    init(_ recording: SessionRecordingFile.Recording, in board: DrawingBoardViewController, changesPerSecond: Double) {
        self.board = board
        self.recording = recording
        self.changesPerSecond = changesPerSecond
    }

    /// The application's clock, which its timers fire by (nil: a board in no window).
    private var application: Application? { board?.view.window?.application }
    private func now() -> Double { application?.clock.now ?? 0 }

    /// Whether changes are still to come.
    var isPlaying: Bool { shared != nil }

    /// Shows the start and plays the changes on the board's clock.
    func start() {
        guard let board else { return }
        board.documentController.replaceDocument(with: recording.start.document, name: nil, unsaved: true)
        shared = SharedDocument(content: board.documentController.content, author: Self.viewer,
                                startingAfter: recording.start.sequence, numbers: recording.start.numbers)
        // Nothing drawn here goes between the recording's changes while it plays.
        board.canvas.isUserInteractionEnabled = false
        started = now()
        step()
    }

    /// Takes every change due by now, and comes back for the next ones.
    private func step() {
        guard let board, let shared else { return finish() }
        // A board not in a window (a test's) has no clock to play on: it takes them all now.
        let scheduler = application?.scheduler
        let due = changesPerSecond > 0 && scheduler != nil ? min(recording.operations.count, Int((now() - started) * changesPerSecond) + 1)
                                                           : recording.operations.count
        while played < due {
            shared.receive(recording.operations[played].operation, sequence: shared.lastSequence + 1)
            played += 1
        }
        guard played < recording.operations.count else { return finish() }
        if now() - lastStatus >= Self.statusInterval {
            lastStatus = now()
            board.showStatus(tr("Playing the recording: %d of %d changes", played, recording.operations.count))
        }
        timer = scheduler?.schedule(after: Self.frameInterval) { [weak self] in self?.step() }
    }

    private func finish() {
        timer?.cancel()
        shared?.onLocalOperation = nil
        shared = nil
        guard let board else { return }
        board.canvas.isUserInteractionEnabled = true
        let authors = Set(recording.operations.map(\.operation.id.author)).subtracting([0]).count
        if let damage = recording.damage {
            board.showStatus(tr("Played the recording as far as it goes (%@): %d changes", damage, played), isError: true)
        } else if authors > 1 {
            board.showStatus(tr("Played the recording: %d changes by %d people", played, authors))
        } else {
            board.showStatus(tr("Played the recording: %d changes", played))
        }
    }
}
