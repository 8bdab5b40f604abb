import XCTest
@testable import PaintGraphics

/// The XDG base directories: an absolute variable wins, a relative one is ignored (as the
/// specification says), else the default under HOME.
final class BaseDirectoryTests: XCTestCase {
    func testAbsoluteVariablesWinRelativeOnesAreIgnored() {
        let home = ["HOME": "/home/u"]
        XCTAssertEqual(BaseDirectory.config.path(environment: home), "/home/u/.config")
        XCTAssertEqual(BaseDirectory.data.path(environment: home), "/home/u/.local/share")
        XCTAssertEqual(BaseDirectory.state.path(environment: home), "/home/u/.local/state")
        XCTAssertEqual(BaseDirectory.cache.path(environment: home), "/home/u/.cache")
        XCTAssertEqual(BaseDirectory.data.path(environment: home.merging(["XDG_DATA_HOME": "/srv/data"]) { $1 }), "/srv/data")
        XCTAssertEqual(BaseDirectory.config.path(environment: home.merging(["XDG_CONFIG_HOME": "conf"]) { $1 }), "/home/u/.config")
    }
}
