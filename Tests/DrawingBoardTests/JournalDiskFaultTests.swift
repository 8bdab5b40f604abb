import Foundation
import XCTest
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport
import ToolkitTestSupport

/// The journal on a disk that fills up or turns read-only (needs root for the tmpfs; CI has it).
final class JournalDiskFaultTests: XCTestCase {
    private var temp: TemporaryDirectory!
    private let mounts = ScratchMounts()
    private var state: String { temp.path + "/state" }

    override func setUp() { temp = TemporaryDirectory() }

    override func tearDown() { mounts.unmountAll() }

    private func board() -> (Window, DrawingBoardViewController) {
        let session = BoardSession(pictures: temp.path, stateFolder: state)
        return (session.window, session.board)
    }

    private func drag(_ window: Window, _ board: DrawingBoardViewController, y: Double) {
        BoardSession(window: window, board: board).drag(y: y, step: 5)
    }

    /// Fills the filesystem at `folder` to the last byte.
    private func fill(_ folder: String) -> String {
        let filler = folder + "/filler"
        let fd = open(filler, O_WRONLY | O_CREAT, 0o600)
        var chunk = [UInt8](repeating: 7, count: 4096)
        while write(fd, &chunk, chunk.count) > 0 {}
        while write(fd, &chunk, 1) > 0 {}
        close(fd)
        return filler
    }

    func testAFullDiskPausesRecordingWithoutTearingTheJournalAndItResumes() throws {
        try mounts.tmpfs(at: state, options: "size=256k")
        let (window, board) = board()
        var changes: [DocumentJournal.State] = []
        let journal = try XCTUnwrap(board.journal)
        let tell = journal.onStateChange
        journal.onStateChange = { changes.append($0); tell?($0) }
        drag(window, board, y: 100)
        let filler = fill(state)
        for y in stride(from: 150.0, through: 300, by: 50) { drag(window, board, y: y) }
        board.settleJournal()
        XCTAssertEqual(changes.count, 1, "told once that recovery is paused")
        XCTAssertTrue(board.statusLabel.text.contains("paused"), board.statusLabel.text)
        let meanwhile = DocumentJournal.recover(folder: state)
        XCTAssertFalse(meanwhile.endsTorn, "the cut-short record was taken back off")
        XCTAssertEqual(meanwhile.skippedBytes, 0)
        unlink(filler) // room again
        drag(window, board, y: 350)
        board.settleJournal()
        XCTAssertEqual(changes.last, .recording, "and told when it resumes")
        XCTAssertTrue(board.statusLabel.text.contains("resumed"), board.statusLabel.text)
        drag(window, board, y: 400)
        board.settleJournal()
        let recovery = DocumentJournal.recover(folder: state)
        XCTAssertEqual(recovery.document, board.canvas.document, "the strokes drawn while the disk was full too")
        XCTAssertEqual(recovery.document.items.count, 7)
        XCTAssertEqual(recovery.skippedBytes, 0)
    }

    func testAPhotoBakedWhileTheDiskWasFullIsStoredWhenRecordingResumes() throws {
        try mounts.tmpfs(at: state, options: "size=256k")
        let (window, board) = board()
        drag(window, board, y: 100)
        let filler = fill(state)
        board.placePhoto(Photo(asset: ImageAsset(bitmap: Bitmap(width: 40, height: 30, color: .blue), name: "blue")))
        board.bakePhoto() // its picture cannot be written now
        board.settleJournal()
        XCTAssertEqual(board.journal?.state == .recording, false)
        unlink(filler)
        drag(window, board, y: 300)
        board.settleJournal()
        let recovery = DocumentJournal.recover(folder: state)
        XCTAssertEqual(recovery.document, board.canvas.document)
        XCTAssertEqual(recovery.missingPictures, [], "the picture was written with the new generation")
    }

    func testAReadOnlyJournalIsStillRestoredAndTheUserIsToldRecoveryIsOff() throws {
        try mounts.tmpfs(at: state, options: "size=1m")
        let (window, first) = board()
        drag(window, first, y: 100)
        drag(window, first, y: 200)
        let expected = first.canvas.document
        first.journal?.close()
        XCTAssertTrue(mounts.remount(state, options: "remount,ro"))
        let (_, second) = board()
        XCTAssertEqual(second.canvas.document, expected, "the drawing is back though nothing can be written")
        XCTAssertNil(second.journal)
        let status = second.statusLabel.text
        XCTAssertTrue(status.contains("Crash recovery is off") && status.contains("Read-only file system"), status)
    }

    /// A home folder that cannot be written says why (not "No such file or
    /// directory") and does not advise Ctrl+S, which would fail too: Save As elsewhere.
    func testAnUnwritableHomeSaysWhyAndAdvisesSaveAs() throws {
        let home = temp.path + "/home"
        try mounts.tmpfs(at: home, options: "size=1m,ro")
        let environment = ["HOME": home]
        let stateFolder = DocumentJournal.stateFolder(environment: environment)
        let pictures = PicturesFolder.resolve(environment: environment)
        XCTAssertFalse(PicturesFolder.canWrite(pictures))
        let session = BoardSession(pictures: pictures, stateFolder: stateFolder)
        let status = session.board.statusLabel.text
        XCTAssertTrue(status.contains("cannot create \(home)/.local: Read-only file system"), status)
        XCTAssertFalse(status.contains("No such file"), status)
        XCTAssertTrue(status.contains("Save As (Ctrl+Shift+S)"), status)
        XCTAssertFalse(status.contains("Save with Ctrl+S"), status)
        // A writable Pictures keeps the short advice.
        XCTAssertTrue(PicturesFolder.canWrite(temp.path + "/elsewhere/Pictures"))
    }
}
