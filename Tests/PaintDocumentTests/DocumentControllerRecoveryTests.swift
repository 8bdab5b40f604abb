import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport

/// A document controller with no view at all records random logs of three authors into a real
/// journal; a kill -9 at a random record (the journal's files copied as they are then, the
/// writer not drained) brings back the document exactly as it was at one moment up to the kill,
/// with those pixels, never older than what the journal had made durable before (its group
/// commit, at most a second behind a person's changes); an orderly end brings back the last one.
final class DocumentControllerRecoveryTests: XCTestCase, RandomOperationLogs {
    /// Nothing under way: no window shows this document.
    private final class NothingUnderWay: DocumentWorkInProgress {
        var strokeInProgress: Stroke? { nil }
        var itemBeingMade: Document.Item? { nil }
        func commitTyping() {}
        func settleWhatIsShown() -> Bool { false }
        func putDownFloatingSelection() {}
        func cancelWork() {}
    }

    private func recovered(from folder: String) -> DocumentContent {
        let recovery = JournalReader.recover(folder: folder)
        let restored = content()
        let controller = DocumentController(store: PicturesArtworkStore(environment: ["HOME": folder]), content: restored)
        _ = controller.restore(recovery)
        // As a window's layout does: the layer at the document's size.
        _ = restored.matchLayerToFormat()
        return restored
    }

    /// The files of `folder` as a kill would leave them: what the kernel has now.
    private func copyAsKilled(_ folder: String, to copy: String) throws {
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where !name.hasSuffix(".lock") {
            try? FileManager.default.copyItem(atPath: folder + "/" + name, toPath: copy + "/" + name)
        }
    }

    func testRandomLogsOfThreeAuthorsComeBackAsTheyWereAtAKillAtAnyRecord() throws {
        var stepsBehind: [Int] = []
        for seed in 1...16 {
            let temp = TemporaryDirectory()
            var random = SeededGenerator(seed: UInt64(5000 + seed))
            let live = content()
            let controller = DocumentController(store: PicturesArtworkStore(environment: ["HOME": temp.path]), content: live)
            let nothing = NothingUnderWay()
            controller.work = nothing
            let opening = try XCTUnwrap(JournalOpening.open(folder: temp.path + "/journal"))
            controller.record(in: try XCTUnwrap(opening.journal), deliver: { $0() }, schedule: { _, _ in nil }, report: { _, _ in })

            let killAt = Int(random.next() % 40), durableAt = Int(random.next() % UInt64(killAt + 1))
            var states: [(items: [Document.Item], pixels: [UInt32])] = [(live.document.items, bytes(live))]
            for n in 0..<40 {
                step(live, author: UInt32(random.next() % 3), n, &random)
                states.append((live.document.items, bytes(live)))
                if n == durableAt { opening.journal?.flush() }
                guard n == killAt else { continue }
                try copyAsKilled(temp.path + "/journal", to: temp.path + "/killed")
            }

            let back = recovered(from: temp.path + "/killed")
            let moment = states.prefix(killAt + 2).lastIndex { $0.items == back.document.items }
            XCTAssertNotNil(moment, "seed \(seed): the document as it was at a moment up to the kill at step \(killAt)")
            if let moment {
                XCTAssertGreaterThanOrEqual(moment, durableAt + 1, "seed \(seed): nothing made durable before the kill is lost")
                XCTAssertEqual(differing(bytes(back), states[moment].pixels), 0, "seed \(seed): with its pixels")
                stepsBehind.append(killAt + 1 - moment)
            }

            controller.flushJournal()
            opening.journal?.close()
            let ended = recovered(from: temp.path + "/journal")
            XCTAssertEqual(ended.document.items, live.document.items, "seed \(seed): after an orderly end, the last document")
            XCTAssertEqual(differing(bytes(ended), bytes(live)), 0, "seed \(seed): with its pixels")
        }
        print("document controller recovery: 16 random logs of 3 authors killed at random records; steps not yet written at the kill: \(stepsBehind)")
    }
}
