import Foundation
import DrawingBoard
import TestSupport
import XCTest

/// The real binary killed with SIGKILL at seeded moments while a user makes one kind of change
/// after another: strokes, layer operations, image operations, an adjustment's OK, words being
/// typed, a lifted selection, a save. Nothing waits for the journal's writer before the kill.
/// What comes back is read from the journal the dead process left, and each round prints what
/// came back against what was made. Every round must come back as a whole number of the
/// changes in the order they were made (never a part of one), holding every change made long
/// enough before the kill for the app to have read its input; a round killed after a second's
/// rest must hold them all.
final class KillDuringEveryChangeEndToEndTests: XvfbTestCase {
    private var random = SeededGenerator(seed: 68)
    private func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }

    /// A change made more than this long before the kill was read from the X server by then:
    /// it must be in the journal.
    private static let inputMargin = 0.8
    /// Words being typed reach the journal with the progress, at least once a second.
    private static let progressMargin = 1.0 + inputMargin

    /// One kind of change: its steps, made one after another on another thread, and how many
    /// of them a recovery holds (nil: what came back is not any number of whole steps).
    private struct Kind {
        let name: String
        let steps: Int
        var prepare: (RunningApp) throws -> Void = { _ in }
        let step: (RunningApp, Int) throws -> Void
        var margin = KillDuringEveryChangeEndToEndTests.inputMargin
        let counted: (DocumentJournal.Recovery, String) -> Int?
    }

    /// The document's items with layers unwrapped.
    private static func items(_ recovery: DocumentJournal.Recovery) -> [Document.Item] {
        recovery.document.items.map { item in
            if case .onLayer(_, let inner) = item { return inner }
            return item
        }
    }

    private static func count(_ recovery: DocumentJournal.Recovery, _ matches: (Document.Item) -> Bool) -> Int {
        items(recovery).filter(matches).count
    }

    private var kinds: [Kind] {
        [
            Kind(name: "strokes", steps: 8, prepare: { try $0.key("p") }, step: { app, n in
                let y = 100 + n * 40
                try app.drag([(80, y), (200, y + 15), (320, y - 10), (440, y + 5), (600, y)])
            }, counted: { recovery, _ in Self.count(recovery) { if case .stroke = $0 { return true } else { return false } } }),

            Kind(name: "layer operations", steps: 6, step: { app, n in
                try app.key(n % 2 == 0 ? "ctrl+shift+n" : "ctrl+shift+d")
            }, counted: { recovery, _ in Self.count(recovery) { if case .layer = $0 { return true } else { return false } } }),

            Kind(name: "image operations", steps: 6, prepare: { app in
                try app.key("p")
                try app.drag([(100, 100), (300, 150), (200, 400)])
            }, step: { app, n in
                try app.key(["ctrl+j", "ctrl+h", "ctrl+g"][n % 3])
            }, counted: { recovery, _ in Self.count(recovery) { if case .turnImage = $0 { return true } else { return false } } }),

            Kind(name: "adjustments' OK", steps: 4, prepare: { app in
                try app.key("p")
                try app.drag([(100, 100), (300, 150), (200, 400)])
            }, step: { app, _ in
                try app.key("ctrl+shift+p") // Posterize…
                usleep(250_000)
                try app.key("Return")
            }, counted: { recovery, _ in Self.count(recovery) { if case .adjust = $0 { return true } else { return false } } }),

            Kind(name: "typed characters", steps: 12, prepare: { app in
                try app.key("t")
                try app.click(200, 200)
            }, step: { app, n in
                try app.type(String("abcdefghijkl"[String.Index(utf16Offset: n, in: "abcdefghijkl")]), delay: 0)
            }, margin: Self.progressMargin, counted: { recovery, _ in
                let texts = Self.items(recovery) + (recovery.pendingItem.map { [$0] } ?? [])
                let typed = texts.compactMap { item -> String? in
                    if case .text(let block) = item { return block.text }
                    if case .onLayer(_, .text(let block)) = item { return block.text }
                    return nil
                }
                guard typed.count <= 1 else { return nil }
                let text = typed.first ?? ""
                // What came back is the start of what was typed, never other letters.
                return "abcdefghijkl".hasPrefix(text) ? text.count : nil
            }),

            Kind(name: "lifted selections", steps: 4, prepare: { app in
                try app.key("p")
                for row in 0..<4 { try app.drag([(80, 100 + row * 60), (700, 120 + row * 60)]) }
                try app.key("s")
            }, step: { app, n in
                let y = 90 + n * 60
                try app.drag([(60, y), (300, y + 40)]) // select
                try app.drag([(150, y + 20), (250, y + 25), (350, y + 30)]) // lift and move
                try app.key("Return") // and put down
            }, counted: { recovery, _ in
                let items = Self.items(recovery) + (recovery.pendingItem.map { [$0] } ?? [])
                let cleared = items.filter { if case .clearArea = $0 { return true } else { return false } }.count
                let floating = items.filter { if case .photo = $0 { return true } else { return false } }.count
                // Every lifting keeps its pixels: a place cleared without them would lose them.
                return cleared == floating ? cleared : nil
            }),

            Kind(name: "saves", steps: 3, prepare: { try $0.key("p") }, step: { app, n in
                try app.drag([(100, 100 + n * 80), (600, 140 + n * 80)])
                try app.key("ctrl+s")
                usleep(200_000)
            }, counted: { recovery, home in
                // Every file at its final name is whole; the journal's saved file is one of them.
                let folder = home + "/Pictures"
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".png") }
                for name in names where (try? PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))) == nil {
                    return nil
                }
                if recovery.isSaved, let path = recovery.filePath, !FileManager.default.fileExists(atPath: path) { return nil }
                return Self.count(recovery) { if case .stroke = $0 { return true } else { return false } }
            }),
        ]
    }

    func testKilledDuringEveryKindOfChangeWholeChangesComeBack() throws {
        try FileManager.default.createDirectory(atPath: home + "/Pictures", withIntermediateDirectories: true)
        var lines: [String] = []
        for kind in kinds {
            var report: [String] = []
            for round in 0..<4 {
                try? FileManager.default.removeItem(atPath: home + "/.local/state/x11paint")
                try? FileManager.default.removeItem(atPath: home + "/Pictures")
                try FileManager.default.createDirectory(atPath: home + "/Pictures", withIntermediateDirectories: true)
                let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "800x600"])
                try app.xdotool(["windowfocus", "--sync", app.windowID])
                try kind.prepare(app)
                usleep(300_000)
                // The steps on another thread, each one's end timed; the kill on this one.
                final class Made: @unchecked Sendable {
                    let lock = NSLock()
                    var starts: [Date] = [], ends: [Date] = []
                }
                let made = Made(), finished = DispatchSemaphore(value: 0)
                let rests = round == 3
                let pause = UInt32(60_000 + pick(120_000))
                Thread.detachNewThread {
                    for n in 0..<kind.steps {
                        made.lock.withLock { made.starts.append(Date()) }
                        guard (try? kind.step(app, n)) != nil, app.process.isRunning else { break }
                        made.lock.withLock { made.ends.append(Date()) }
                        usleep(pause)
                    }
                    finished.signal()
                }
                if rests {
                    finished.wait()
                    finished.signal() // waited for again below
                    usleep(1_000_000)
                } else {
                    // Killed while the steps go on: after a seeded number of them, a seeded moment
                    // into the next.
                    let after = 1 + pick(kind.steps - 1)
                    while made.lock.withLock({ made.ends.count }) < after && app.process.isRunning { usleep(5_000) }
                    usleep(UInt32(pick(300_000)))
                }
                let killed = Date()
                kill(app.process.processIdentifier, SIGKILL)
                app.process.waitUntilExit()
                finished.wait()
                let (starts, ends) = made.lock.withLock { (made.starts, made.ends) }
                // A step under way at the kill may have come back (its input was read) or not.
                let started = starts.filter { $0 < killed }.count
                let ended = ends.filter { $0 < killed }.count
                let surely = ends.filter { killed.timeIntervalSince($0) > kind.margin }.count
                let recovery = DocumentJournal.recover(folder: home + "/.local/state/x11paint")
                let back = kind.counted(recovery, home)
                XCTAssertNotNil(back, "\(kind.name), round \(round): what came back is whole changes in their order")
                if let back {
                    XCTAssertLessThanOrEqual(back, started, "\(kind.name), round \(round): nothing that was not made")
                    XCTAssertGreaterThanOrEqual(back, surely, "\(kind.name), round \(round): every change made \(kind.margin) s before the kill")
                    if rests { XCTAssertEqual(back, ended, "\(kind.name), round \(round): after a rest, every change") }
                }
                XCTAssertEqual(recovery.damagedStretches, 0, "\(kind.name), round \(round): no damage inside the journal")
                report.append("\(back.map(String.init) ?? "?")/\(ended)\(started > ended ? "+1 under way" : "")\(rests ? " (rested)" : "")")
            }
            lines.append("\(kind.name): " + report.joined(separator: ", "))
        }
        print("killed during every kind of change, came back / made per round:\n  " + lines.joined(separator: "\n  "))
    }
}
