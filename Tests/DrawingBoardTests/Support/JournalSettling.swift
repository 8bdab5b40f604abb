@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

extension DrawingBoardViewController {
    /// Waits for the journal's writer to write (and fsync) everything queued so far, then lets
    /// the UI thread hear what the writer told it (paused, resumed): what a test reads from the
    /// folder afterwards is what a crash at this moment would leave.
    func settleJournal() {
        journal?.flush()
        view.window?.application.tick()
    }
}
