import X11Adapter
import XCTest

final class URIListTests: XCTestCase {
    func testFileURIsBecomePathsAndEverythingElseIsIgnored() {
        let text = "# dropped\r\nfile:///home/ann/My%20Pictures/a.png\r\nfile://localhost/tmp/b.jpg\r\nhttps://example.org/c.png\r\n"
            + "file://elsewhere/tmp/d.png\r\n/tmp/e.png\n\n"
        XCTAssertEqual(URIList.paths(from: text), ["/home/ann/My Pictures/a.png", "/tmp/b.jpg", "/tmp/e.png"])
    }
}
