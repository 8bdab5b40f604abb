import Foundation
import DrawingBoard
import TestSupport
import XCTest

/// The real app with the desktop's file dialog: on a private session bus with a
/// stand-in portal, Ctrl+O opens the file the portal answers and Ctrl+Shift+S saves where it
/// says, the dialog belonging to the app's window; a portal that never answers gives way to the
/// app's own chooser after a second. libdbus is opened with the first dialog (it costs resident memory at start otherwise).
final class PortalEndToEndTests: XCTestCase {
    private func home() throws -> String {
        let home = NSTemporaryDirectory() + "x11paint-portal-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/config", withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: home) }
        return home
    }

    private func title(_ client: X11TestClient, _ app: RunningApp) -> String {
        String(decoding: client.property("_NET_WM_NAME", of: UInt(app.windowID)!), as: UTF8.self)
    }

    func testOpenAndSaveAsGoThroughThePortal() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let home = try home()
        try PNGCodec.encode(Bitmap(width: 120, height: 90, color: .green)).write(to: URL(fileURLWithPath: home + "/meadow.png"))
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        // Saving answers a name typed without an ending: the PNG filter left chosen names it.
        try bus.startStandInPortal(mode: "answer", uri: "file://" + home + "/meadow.png", saveURI: "file://" + home + "/copy%20one")
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "640x480"],
                                 extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        defer { app.stop() }
        let client = try X11TestClient(display: server.display)
        // libdbus (with libsystemd and libgcrypt) is opened with the first dialog, not at start.
        XCTAssertTrue(app.mappedLibraries.contains { $0.hasPrefix("libX11") }, "the maps were read: \(app.mappedLibraries.sorted())")
        XCTAssertFalse(app.mappedLibraries.contains { $0.hasPrefix("libdbus-1") }, "libdbus is not loaded at start")
        try app.key("ctrl+o")
        XCTAssertTrue(app.wait { self.title(client, app) == "meadow.png - X11Paint" }, "the portal's file is the document: \(title(client, app))")
        XCTAssertTrue(app.mappedLibraries.contains { $0.hasPrefix("libdbus-1") }, "the dialog opened libdbus")
        let open = try XCTUnwrap(bus.calls.first)
        XCTAssertEqual(open["method"] as? String, "OpenFile")
        XCTAssertEqual(open["parent"] as? String, "x11:" + String(UInt(app.windowID)!, radix: 16), "the dialog belongs to the window")
        try app.key("ctrl+shift+s")
        XCTAssertTrue(app.wait { FileManager.default.fileExists(atPath: home + "/copy one.png") }, "Save As wrote where the portal said")
        XCTAssertTrue(app.wait { self.title(client, app) == "copy one.png - X11Paint" })
        let save = try XCTUnwrap(bus.calls.last?["options"] as? [String: Any])
        XCTAssertEqual(save["current_name"] as? String, "meadow.png", "the drawing's own name is offered")
        XCTAssertEqual(save["current_folder"] as? String, home, "in its own folder")
        XCTAssertTrue(app.wait { app.mappedLibraries.contains { $0.hasPrefix("libxml2") } }, "recording the file in the recent list opened libxml2")
        let saved = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: home + "/copy one.png")))
        XCTAssertEqual(saved.width, 120)
    }

    func testAPortalThatNeverAnswersGivesWayToTheAppsOwnChooser() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let home = try home()
        try PNGCodec.encode(Bitmap(width: 50, height: 40, color: .blue)).write(to: URL(fileURLWithPath: home + "/sky.png"))
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        try bus.startStandInPortal(mode: "never")
        let app = try RunningApp(display: server.display, home: home, arguments: ["--size", "640x480"],
                                 extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        defer { app.stop() }
        let client = try X11TestClient(display: server.display)
        try app.key("ctrl+o")
        XCTAssertTrue(app.wait { !bus.calls.isEmpty }, "the portal was asked")
        // After a second the picker is up with its path field taking the keys.
        usleep(1_600_000)
        try app.type(home + "/sky.png")
        try app.key("Return")
        XCTAssertTrue(app.wait { self.title(client, app) == "sky.png - X11Paint" }, "the app's own chooser opened it: \(title(client, app))")
    }
}
