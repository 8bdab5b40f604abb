import X11Adapter
import XCTest

final class DisplayScaleTests: XCTestCase {
    func testXftDpiSetsTheScaleAndTheEnvironmentOverridesIt() {
        XCTAssertEqual(DisplayScale.scale(resources: nil, environment: [:]), 1)
        XCTAssertEqual(DisplayScale.scale(resources: "Xft.antialias:\t1\nXft.dpi:\t192\n", environment: [:]), 2)
        XCTAssertEqual(DisplayScale.scale(resources: "Xft.dpi: 144", environment: [:]), 1.5)
        XCTAssertEqual(DisplayScale.scale(resources: "Xft.dpi:\t96", environment: [:]), 1)
        XCTAssertEqual(DisplayScale.scale(resources: "Xft.dpi:\t100", environment: [:]), 1, "rounded to a quarter")
        XCTAssertEqual(DisplayScale.scale(resources: "Xft.dpi:\t192", environment: ["X11PAINT_SCALE": "1.25"]), 1.25)
        XCTAssertEqual(DisplayScale.scale(resources: "Xft.dpi:\tlots", environment: [:]), 1, "nonsense is ignored")
    }
}
