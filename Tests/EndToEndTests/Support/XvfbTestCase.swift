import Foundation
import XCTest

/// An end-to-end test on a private X server, with a throw-away home folder (its XDG config
/// folder made) that goes when the test ends.
class XvfbTestCase: XCTestCase {
    var server: XvfbServer!
    var home: String!

    override func setUpWithError() throws {
        server = try XvfbServer()
        home = NSTemporaryDirectory() + "x11paint-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/config", withIntermediateDirectories: true)
    }

    override func tearDown() {
        server?.stop()
        if let home { try? FileManager.default.removeItem(atPath: home) }
    }
}
