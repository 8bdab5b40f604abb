import Foundation
import XCTest
@testable import DesktopPortal
@testable import PaintToolkit
import TestSupport

/// The portal's file chooser against a real dbus-daemon and a stand-in portal that
/// speaks the portal's interface: the calls carry what the dialog needs, answers come back as
/// Response signals, and every way of not answering ends in `unavailable` (the app's own
/// chooser) or a clear reason, never a wait.
final class PortalFileChooserTests: XCTestCase {
    /// Timers the test fires itself: the one-second limit is tried without sleeping a second.
    private final class Timers {
        var pending: [(Double, () -> Void)] = []
        func schedule(_ delay: Double, _ action: @escaping () -> Void) { pending.append((delay, action)) }
        func fireAll() { let due = pending; pending = []; due.forEach { $0.1() } }
    }

    private let timers = Timers()

    private func chooser(on bus: PrivateSessionBus?) -> PortalFileChooser {
        let chooser = PortalFileChooser(address: bus?.address, schedule: { [timers] in timers.schedule($0, $1) })
        chooser.parentWindow = "x11:1a00005"
        return chooser
    }

    /// Runs the chooser's share of a run loop (poll its socket, pump) until `answer` is set.
    private func pump(_ chooser: PortalFileChooser, until done: () -> Bool, seconds: Double = 10) {
        let deadline = Date().addingTimeInterval(seconds)
        while !done() && Date() < deadline {
            guard let fd = chooser.fileDescriptor else { return }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN) | (chooser.wantsWrite ? Int16(POLLOUT) : 0), revents: 0)
            if poll(&descriptor, 1, 50) > 0 { chooser.pump() }
        }
    }

    private func ask(_ chooser: PortalFileChooser, _ request: FileChooserRequest, seconds: Double = 10) -> FileChooserAnswer? {
        var answer: FileChooserAnswer?
        chooser.choose(request) { answer = $0 }
        pump(chooser, until: { answer != nil }, seconds: seconds)
        return answer
    }

    private let openRequest = FileChooserRequest(kind: .open, title: "Open a Picture", acceptLabel: "Open", currentFolder: "/home/ann/Pictures",
                                                 filters: [.init("Pictures", patterns: ["*.png", "*.jpg"]), .init("PNG image", patterns: ["*.png"])],
                                                 currentFilter: 0)

    func testOpenFileCarriesTheDialogsSettingsAndTheResponseGivesTheFile() throws {
        let bus = try PrivateSessionBus()
        try bus.startStandInPortal(mode: "answer", uri: "file:///home/ann/Pictures/cat%20and%20dog.png")
        let answer = ask(chooser(on: bus), openRequest)
        XCTAssertEqual(answer, .chosen(path: "/home/ann/Pictures/cat and dog.png", filter: "PNG image"))
        let call = try XCTUnwrap(bus.calls.first)
        XCTAssertEqual(call["method"] as? String, "OpenFile")
        XCTAssertEqual(call["parent"] as? String, "x11:1a00005")
        XCTAssertEqual(call["title"] as? String, "Open a Picture")
        let options = try XCTUnwrap(call["options"] as? [String: Any])
        XCTAssertEqual(options["accept_label"] as? String, "Open")
        XCTAssertEqual(options["current_folder"] as? String, "/home/ann/Pictures")
        XCTAssertEqual(options["multiple"] as? Bool, false)
        XCTAssertEqual(options["modal"] as? Bool, true)
        XCTAssertNotNil(options["handle_token"] as? String)
        let filters = try XCTUnwrap(options["filters"] as? [[Any]])
        XCTAssertEqual(filters.map { $0[0] as? String }, ["Pictures", "PNG image"])
        XCTAssertEqual((filters[0][1] as? [[Any]])?.map { $0[1] as? String }, ["*.png", "*.jpg"])
        XCTAssertEqual((options["current_filter"] as? [Any])?.first as? String, "Pictures")
    }

    func testSaveFileOffersTheNameAndFolder() throws {
        let bus = try PrivateSessionBus()
        try bus.startStandInPortal(mode: "answer")
        let request = FileChooserRequest(kind: .save, title: "Save As", acceptLabel: "Save", currentName: "Drawing.png", currentFolder: "/tmp/work",
                                         filters: [.init("PNG image", patterns: ["*.png"])], currentFilter: 0)
        XCTAssertEqual(ask(chooser(on: bus), request), .chosen(path: "/tmp/work/Drawing.png", filter: "PNG image"))
        let options = try XCTUnwrap(bus.calls.first?["options"] as? [String: Any])
        XCTAssertEqual(bus.calls.first?["method"] as? String, "SaveFile")
        XCTAssertEqual(options["current_name"] as? String, "Drawing.png")
        XCTAssertNil(options["multiple"])
    }

    func testCancellingIsCancelled() throws {
        let bus = try PrivateSessionBus()
        try bus.startStandInPortal(mode: "cancel")
        XCTAssertEqual(ask(chooser(on: bus), openRequest), .cancelled)
    }

    /// GTK's dialog closed with Escape or its close button answers 2: the user's no, so the
    /// app's own chooser does not open after it (the user would have to cancel twice).
    func testADialogDismissedIsCancelledNotReplaced() throws {
        let bus = try PrivateSessionBus()
        try bus.startStandInPortal(mode: "dismiss")
        XCTAssertEqual(ask(chooser(on: bus), openRequest), .cancelled)
        XCTAssertEqual(PortalFileChooser.answer(code: 2, uris: [], filter: nil), .cancelled)
        guard case .unavailable = PortalFileChooser.answer(code: 3, uris: [], filter: nil) else { return XCTFail("another ending gives way") }
    }

    /// Open starts where the user was last: the request carries the folder (current_folder).
    func testOpenAsksInTheFolderGiven() throws {
        let bus = try PrivateSessionBus()
        try bus.startStandInPortal(mode: "cancel")
        var request = openRequest
        request.currentFolder = "/tmp"
        _ = ask(chooser(on: bus), request)
        let options = try XCTUnwrap(bus.calls.first?["options"] as? [String: Any])
        XCTAssertEqual(bus.calls.first?["method"] as? String, "OpenFile")
        XCTAssertNotNil(options["current_folder"], "the folder is asked for: \(options.keys)")
    }

    func testAFileNotOnThisComputerIsSaidClearly() throws {
        let bus = try PrivateSessionBus()
        try bus.startStandInPortal(mode: "answer", uri: "sftp://server/photos/cat.png")
        guard case .unusable(let reason) = ask(chooser(on: bus), openRequest) else { return XCTFail("a remote file is not opened") }
        XCTAssertTrue(reason.contains("sftp://server/photos/cat.png"), reason)
    }

    func testAPortalThatNeverAnswersGivesWayAfterTheTimeLimitAndItsLateDialogIsNotWaitedFor() throws {
        let bus = try PrivateSessionBus()
        try bus.startStandInPortal(mode: "never")
        let chooser = chooser(on: bus)
        var answer: FileChooserAnswer?
        chooser.choose(openRequest) { answer = $0 }
        pump(chooser, until: { !bus.calls.isEmpty })
        XCTAssertNil(answer, "nothing yet: the call is out")
        XCTAssertEqual(timers.pending.map(\.0), [PortalFileChooser.answerTimeout])
        timers.fireAll()
        guard case .unavailable = answer else { return XCTFail("\(String(describing: answer))") }
    }

    func testADialogThatShowsUpAfterTheTimeLimitIsClosed() throws {
        let bus = try PrivateSessionBus()
        try bus.startStandInPortal(mode: "late")
        let chooser = chooser(on: bus)
        var answer: FileChooserAnswer?
        chooser.choose(openRequest) { answer = $0 }
        pump(chooser, until: { !bus.calls.isEmpty })
        timers.fireAll()
        guard case .unavailable = answer else { return XCTFail("\(String(describing: answer))") }
        // The portal takes the call late (its dialog opens): the app closes it, nobody would answer it.
        pump(chooser, until: { bus.calls.contains { $0["method"] as? String == "Close" } }, seconds: 5)
        let close = try XCTUnwrap(bus.calls.first { $0["method"] as? String == "Close" }, "Request.Close was called")
        XCTAssertTrue((close["path"] as? String)?.hasPrefix("/org/freedesktop/portal/desktop/request/") ?? false)
    }

    func testAPortalThatFailsOrIsMissingGivesWayAtOnce() throws {
        let bus = try PrivateSessionBus()
        // No portal on this bus: the bus itself says the name has no owner.
        guard case .unavailable(let missing) = ask(chooser(on: bus), openRequest) else { return XCTFail("no portal") }
        XCTAssertTrue(missing.contains("ServiceUnknown") || missing.contains("NameHasNoOwner"), missing)
        try bus.startStandInPortal(mode: "fail")
        guard case .unavailable(let failed) = ask(chooser(on: bus), openRequest) else { return XCTFail("a failing portal") }
        XCTAssertTrue(failed.contains("org.freedesktop.portal.Error.Failed"), failed)
        XCTAssertTrue(timers.pending.count == 2, "the limit's timers were set, and not needed")
    }

    func testWithoutASessionBusTheAnswerIsImmediate() {
        for address in [nil, "unix:path=/nonexistent/x11paint-test-bus"] {
            let chooser = PortalFileChooser(address: address, schedule: { _, _ in })
            var answer: FileChooserAnswer?
            chooser.choose(openRequest) { answer = $0 }
            guard case .unavailable = answer else { return XCTFail("\(String(describing: address)): \(String(describing: answer))") }
            XCTAssertNil(chooser.fileDescriptor)
        }
        XCTAssertNil(PortalFileChooser.sessionBusAddress(environment: ["XDG_RUNTIME_DIR": "/nonexistent"]))
        XCTAssertEqual(PortalFileChooser.sessionBusAddress(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/bus"]), "unix:path=/run/bus")
    }

    func testABusThatGoesAwayAnswersWhatWasWaiting() throws {
        let bus = try PrivateSessionBus()
        try bus.startStandInPortal(mode: "never")
        let chooser = chooser(on: bus)
        var answer: FileChooserAnswer?
        chooser.choose(openRequest) { answer = $0 }
        pump(chooser, until: { !bus.calls.isEmpty })
        bus.stopDaemon()
        pump(chooser, until: { answer != nil })
        guard case .unavailable(let reason) = answer else { return XCTFail("\(String(describing: answer))") }
        XCTAssertTrue(reason.contains("went away"), reason)
        chooser.choose(openRequest) { answer = $0 }
        XCTAssertEqual(answer, .unavailable("no session bus"), "later requests are answered at once")
    }
}
