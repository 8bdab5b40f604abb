import CX11Shim
import Foundation
import DrawingBoard
import XCTest

/// SIGTERM (logging out, `kill`, a session manager) must end the run loop wherever in the loop
/// it lands. The run loop checks the flag at the top of each pass and then sleeps in poll; a
/// signal between the two must still wake that poll.
final class TerminationSignalTests: XCTestCase {
    override func tearDown() {
        // The test process goes back to dying of these signals.
        signal(SIGTERM, SIG_DFL)
        signal(SIGINT, SIG_DFL)
        signal(SIGHUP, SIG_DFL)
        super.tearDown()
    }

    func testASignalKeepsTheLoopsDescriptorReadableAfterATick() {
        let descriptor = x11shim_install_termination_handler()
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        XCTAssertFalse(isReadable(descriptor), "no signal yet, so the loop may sleep")
        raise(SIGTERM)
        XCTAssertEqual(x11shim_termination_requested(), 1)
        // The pass that follows drains the application's own wake pipe (posted work): the
        // signal's wake-up must survive it, or the loop sleeps on with the flag set.
        let application = Application()
        application.tick()
        XCTAssertTrue(isReadable(descriptor), "poll would sleep through the signal")
        XCTAssertTrue(isReadable(descriptor), "the descriptor stays readable: every later poll returns at once")
    }

    private func isReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLIN) != 0
    }
}
