import Foundation

/// Long work of the Image, Adjustments and Effects menus (an effect at full size, a resize or a
/// turn of every layer) done beside the UI thread, behind a modal progress box that shows itself
/// after a tenth of a second (a 4K blur is quicker; a long motion blur or many layers are not),
/// Escape stopping it with nothing changed. Its result is put in place on the UI thread.
final class BesideWork {
    private unowned let board: DrawingBoardViewController

    init(board: DrawingBoardViewController) { self.board = board }

    /// Work under way (one at a time: the progress box is modal).
    private(set) var running: BesideTask?

    /// Runs `work` on another thread (it reports the fraction done and may ask whether it was
    /// stopped; nil: stopped), then `done` with its result on the UI thread.
    /// `stopped`: what undoes the look of the work under way when it was stopped.
    func run<Result>(_ title: String, _ work: @escaping (_ progress: (Double) -> Void, _ isStopped: () -> Bool) -> Result?,
                     done: @escaping (Result) -> Void, stopped: (() -> Void)? = nil) {
        let task = BesideTask()
        running = task
        let progress = ProgressViewController(title: tr("%@…", title))
        progress.onCancel = { task.stop() }
        board.present(progress, animated: false)
        let showTimer = board.view.window?.application.scheduler.schedule(after: 0.1) { [weak progress] in progress?.isShown = true }
        let post = board.postToUIThread
        let handOver = UncheckedBox(value: (work, done))
        DispatchQueue.global(qos: .userInitiated).async {
            let result = handOver.value.0({ fraction in post { [weak progress] in progress?.fraction = fraction } }, { task.isStopped })
            let finished = UncheckedBox(value: result)
            post { [weak self] in
                showTimer?.cancel()
                guard let self, self.running === task else { return }
                self.running = nil
                self.board.dismiss(animated: false)
                guard let result = finished.value, !task.isStopped else {
                    stopped?()
                    return self.board.showStatus(tr("Stopped %@: the drawing is as it was", title))
                }
                handOver.value.1(result)
            }
        }
    }

    /// Waits for the work under way to finish (tests).
    func waitUntilDone() {
        while running != nil {
            usleep(2000)
            board.view.window?.application.tick()
        }
    }
}

/// Whether work beside the UI thread was asked to stop (read from its thread).
final class BesideTask: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }
}

/// Hands a value to another thread that nothing else touches meanwhile.
struct UncheckedBox<Value>: @unchecked Sendable { let value: Value }
