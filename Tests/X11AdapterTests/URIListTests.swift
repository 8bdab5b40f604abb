import X11Adapter
import DrawingBoard
import XCTest

final class URIListTests: XCTestCase {
    func testFileURIsBecomePathsAndEverythingElseIsIgnored() {
        let text = "# dropped\r\nfile:///home/ann/My%20Pictures/a.png\r\nfile://localhost/tmp/b.jpg\r\nhttps://example.org/c.png\r\n"
            + "file://elsewhere/tmp/d.png\r\n/tmp/e.png\n\n"
        XCTAssertEqual(URIList.paths(from: text), ["/home/ann/My Pictures/a.png", "/tmp/b.jpg", "/tmp/e.png"])
    }
}

/// A dropped file whose name is not UTF-8 keeps its bytes to the system call.
final class NonUTF8URIListTests: XCTestCase {
    func testAPercentEscapedLatin1NameIsKeptByteForByte() throws {
        let paths = URIList.paths(from: "file:///tmp/caf%E9.png\r\n")
        let path = try XCTUnwrap(paths.first, "the drop is not lost")
        XCTAssertEqual(Array(PaintDocument.SystemPath.bytes(of: path)), Array("/tmp/caf".utf8) + [0xE9] + Array(".png".utf8))
    }
}
