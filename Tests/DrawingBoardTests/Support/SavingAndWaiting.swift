@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

extension DrawingBoardViewController {
    /// Saves (in the background, as the app does), waits for it, and delivers its news to the
    /// UI thread as the run loop would. Returns the path written, or nil when the save failed.
    @discardableResult
    func saveAndWait() -> String? {
        var outcome: Result<String, Error>?
        let previous = documentController.onSaveFinished
        documentController.onSaveFinished = { result in
            outcome = result
            previous?(result)
        }
        save()
        finishSaves()
        documentController.onSaveFinished = previous
        return try? outcome?.get()
    }
}
