import Foundation

/// An effect's OK: the effect worked at full size on a copy of the layer beside the UI thread,
/// behind a modal progress box that shows itself after a tenth of a second (a 4K blur is
/// quicker; a long motion blur or a huge layer is not), Escape stopping it with nothing changed.
/// Done, the item is committed as any adjustment, taking the finished pixels instead of working
/// them again.
extension ImageCommands {
    func applyBeside(_ adjustment: PixelAdjustment, area: SelectionArea?, named title: String) {
        let canvas = board.canvas, scale = canvas.layerScale, layer = canvas.drawing.layer
        let job = AdjustmentJob(adjustment, source: layer.cropped(to: layer.bounds), area: area?.pixels(atScale: scale) ?? layer.bounds,
                                selected: area?.mask(atScale: scale))
        running = job
        let progress = ProgressViewController(title: tr("Applying %@…", title))
        progress.onCancel = { job.cancel() }
        board.present(progress, animated: false)
        let application = board.view.window?.application
        let showTimer = application?.scheduler.schedule(after: 0.1) { [weak progress] in progress?.isShown = true }
        let post = board.postToUIThread
        let sendable = SendableJob(job: job)
        DispatchQueue.global(qos: .userInitiated).async {
            let result = sendable.job.run { fraction in post { [weak progress] in progress?.fraction = fraction } }
            let finished = SendableResult(bitmap: result)
            post { [weak self] in
                showTimer?.cancel()
                self?.finish(job, result: finished.bitmap, area: area, named: title)
            }
        }
    }

    private func finish(_ job: AdjustmentJob, result: Bitmap?, area: SelectionArea?, named title: String) {
        guard running === job else { return }
        running = nil
        board.dismiss(animated: false)
        guard let result, !job.isCancelled else {
            return board.showStatus(tr("Stopped %@: the layer is as it was", title))
        }
        job.offer(result)
        let canvas = board.canvas, items = canvas.document.items.count
        canvas.commit(.adjust(job.adjustment, area: area))
        guard canvas.document.items.count > items else { return }
        said(job.adjustment, named: title)
    }

    /// Waits for an effect being applied to finish (tests; quitting).
    func waitForRunningJob() {
        while running != nil {
            usleep(2000)
            board.view.window?.application.tick()
        }
    }

    private struct SendableJob: @unchecked Sendable { let job: AdjustmentJob }
    private struct SendableResult: @unchecked Sendable { let bitmap: Bitmap? }
}
