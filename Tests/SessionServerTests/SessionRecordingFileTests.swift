import Foundation
import XCTest
import PaintDocument
import PaintGraphics
import SessionProtocol
@testable import SessionServer
import TestSupport

/// A session's recording as a file: written from the server's store, it reads back as the
/// drawing it started from and every operation in the session's order, and gives the drawing
/// the store holds; a damaged file gives what it holds up to the damage, and says so.
final class SessionRecordingFileTests: XCTestCase {
    private let format = DocumentFormat(pixelWidth: 64, pixelHeight: 48)

    /// A session of two authors' strokes and an undo, written to a recording in `folder`.
    private func recordedSession(in folder: TemporaryDirectory) async throws -> (path: String, store: SQLiteOperationStore, session: String) {
        let store = try SQLiteOperationStore(path: ":memory:")
        let session = try await store.createSession().session
        let start = Document(items: [stroke(99)], format: format)
        _ = try await store.keepStart(SessionStart(sequence: 0, document: start), in: session)
        var operations = (1...30).map { DocumentOperation(id: OperationID(author: UInt32($0 % 2 + 1), sequence: UInt64($0 / 2 + 1)), kind: .item(stroke($0))) }
        operations.append(DocumentOperation(id: OperationID(author: 1, sequence: 100), kind: .undo(operations[1].id)))
        _ = try await store.append(operations, to: session)
        let path = folder.path + "/session.x11session"
        let written = try await SessionRecording.write(session, in: store, to: path)
        XCTAssertEqual(written, 31)
        return (path, store, session)
    }

    func testARecordingReadsBackAsTheSessionsStartAndOperationsAndItsDrawing() async throws {
        let folder = TemporaryDirectory()
        let (path, store, session) = try await recordedSession(in: folder)
        let recording = try SessionRecordingFile.read(path)
        XCTAssertNil(recording.damage)
        let start = try await store.start(of: session)
        XCTAssertEqual(recording.start, start)
        let kept = try await store.operations(in: session, after: 0, limit: 100)
        XCTAssertEqual(recording.operations.map(\.sequence), kept.map(\.sequence))
        XCTAssertEqual(recording.operations.map(\.operation), kept.map(\.operation))
        let played = SharedDocument.folded(recording.start.document, applying: recording.operations.map(\.operation)).document
        let drawing = try await SessionRecording.drawing(of: session, in: store)
        XCTAssertEqual(played.items, drawing.items, "playing the recording ends at the drawing the server holds")
        XCTAssertEqual(played.items.count, 30, "the start's stroke and 30 more, less the one taken back")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".part"), "no partial file is left")
    }

    func testARecordingCutShortGivesWhatItHoldsAndSaysWhereItEnds() async throws {
        let folder = TemporaryDirectory()
        let (path, _, _) = try await recordedSession(in: folder)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.prefix(whole.count - 10).write(to: URL(fileURLWithPath: path))
        let recording = try SessionRecordingFile.read(path)
        XCTAssertEqual(recording.operations.count, 30, "every operation before the cut one")
        XCTAssertNotNil(recording.damage)
        XCTAssertTrue(recording.damage?.contains("ends inside a message") == true, recording.damage ?? "")
    }

    func testALengthOverTheLimitIsNeverRead() async throws {
        let folder = TemporaryDirectory()
        let (path, _, _) = try await recordedSession(in: folder)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // The first message's length, after the signature, claims 4 GiB.
        let signatureLength = "X11Paint session recording 1\n".utf8.count
        for index in signatureLength..<signatureLength + 4 { bytes[index] = 0xFF }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try SessionRecordingFile.read(path)) { error in
            XCTAssertTrue("\(error)".contains("over the limit"), "\(error)")
        }
    }

    func testAFileThatIsNoRecordingIsRefusedWithItsName() throws {
        let folder = TemporaryDirectory()
        let path = folder.path + "/picture.x11session"
        try Data(PNGCodec.encode(Bitmap(width: 4, height: 4), options: .drawing)).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try SessionRecordingFile.read(path)) { error in
            XCTAssertEqual("\(error)", "\(path) is not an X11Paint session recording")
        }
        XCTAssertThrowsError(try SessionRecordingFile.read(folder.path + "/missing.x11session"))
    }

    func testAnExportToAnUnwritableFolderSaysSoAndLeavesNothing() async throws {
        let store = try SQLiteOperationStore(path: ":memory:")
        let session = try await store.createSession().session
        let start = Document(format: format)
        _ = try await store.keepStart(SessionStart(sequence: 0, document: start), in: session)
        do {
            try await SessionRecording.write(session, in: store, to: "/nonexistent-folder/session.x11session")
            XCTFail("a recording cannot be written where there is no folder")
        } catch {
            XCTAssertTrue("\(error)".contains("cannot write /nonexistent-folder/session.x11session"), "\(error)")
        }
    }
}
