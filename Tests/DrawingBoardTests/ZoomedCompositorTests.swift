import XCTest
@testable import DrawingBoard
@testable import PaintDocument
@testable import PaintGraphics

/// Composing the document for a zoomed frame goes through a small scratch in strips of rows:
/// every screen pixel must be what the whole area composed at once shows (the reduced-copy
/// path, `show`, scales a whole composed document with the same filters).
final class ZoomedCompositorTests: XCTestCase {
    /// A document with detail on every row: a 1-row slip at a strip's seam changes pixels.
    private func detailedDocument() -> DrawingLayer {
        let drawing = DrawingLayer(width: 1500, height: 1000)
        var state: UInt64 = 12345
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0..<300 {
            let color = Color(red: next(), green: next(), blue: next(), alpha: 1)
            let start = Point(x: next() * 1500, y: next() * 1000)
            _ = drawing.begin(Stroke(points: [start], color: color, width: 1 + next() * 5, blendMode: .sourceOver))
            _ = drawing.extend(to: Point(x: next() * 1500, y: next() * 1000))
            _ = drawing.commit()
        }
        return drawing
    }

    func testStripsShowWhatTheWholeAreaComposedAtOnceShows() {
        let drawing = detailedDocument()
        let whole = drawing.renderArtwork()
        let area = PixelRect(x0: 0, y0: 0, x1: 1200, y1: 800)
        for zoom in [0.3, 0.55, 2.0 / 3, 0.8, 1.5, 2.3, 3] {
            let originX = -37.25, originY = -11.5
            let strips = Bitmap(width: 1200, height: 800), reference = Bitmap(width: 1200, height: 800)
            var scratch: Bitmap?
            ZoomedCompositor.compose(drawing, zoom: zoom, originX: originX, originY: originY, area: area, into: strips, scratch: &scratch)
            ZoomedCompositor.show(whole, zoom: zoom, originX: originX, originY: originY, area: area, into: reference)
            var differing = 0
            for y in 0..<800 { for x in 0..<1200 where strips[x, y] != reference[x, y] { differing += 1 } }
            XCTAssertEqual(differing, 0, "at \(zoom * 100)%")
            // The scratch held strips, not the area's document pixels.
            XCTAssertLessThan(scratch!.width * scratch!.height, 1500 * 1000 / 4, "at \(zoom * 100)%")
        }
    }

    /// Above 50% each screen pixel is the mean of the (up to) 2x2 document pixels its footprint
    /// starts on, rounded, channel by channel: computed here pixel by pixel from the footprint.
    func testAbove50PercentEachScreenPixelIsTheMeanOfTheTwoByTwoUnderIt() {
        let document = Bitmap(width: 900, height: 700)
        var state: UInt32 = 99
        for i in 0..<(900 * 700) {
            state = state &* 1_664_525 &+ 1_013_904_223
            let alpha = state >> 24, colour = (state >> 1) & 0x7F7F7F
            // Premultiplied: no channel above alpha.
            document.pixels[i] = alpha << 24 | UInt32(min(Int(alpha), Int(colour & 0xFF))) | UInt32(min(Int(alpha), Int((colour >> 8) & 0xFF))) << 8
                | UInt32(min(Int(alpha), Int((colour >> 16) & 0xFF))) << 16
        }
        func footprint(_ screen: Int, origin: Double, zoom: Double, size: Int) -> (Int, Int) {
            let a = Int(((Double(screen) - origin) / zoom).rounded(.down)), b = Int(((Double(screen + 1) - origin) / zoom).rounded(.up))
            let from = min(max(a, 0), size - 1), to = max(min(b, size), from + 1)
            return (from, to - from > 1 ? from + 1 : from)
        }
        for zoom in [0.55, 2.0 / 3, 0.8, 10.0 / 11, 0.99] {
            let originX = 3.4, originY = -2.75
            let area = PixelRect(x0: 0, y0: 0, x1: 800, y1: 600)
            let shown = Bitmap(width: 800, height: 600)
            ZoomedCompositor.show(document, zoom: zoom, originX: originX, originY: originY, area: area, into: shown)
            var differing = 0
            for y in 0..<600 {
                let (y0, y1) = footprint(y, origin: originY, zoom: zoom, size: 700)
                for x in 0..<800 {
                    let (x0, x1) = footprint(x, origin: originX, zoom: zoom, size: 900)
                    let four = [document[x0, y0], document[x1, y0], document[x0, y1], document[x1, y1]]
                    var expected: UInt32 = 0
                    for shift in stride(from: UInt32(0), to: 32, by: 8) {
                        let sum = four.reduce(UInt32(0)) { $0 + (($1 >> shift) & 0xFF) }
                        expected |= ((sum + 2) / 4) << shift
                    }
                    if shown[x, y] != expected { differing += 1 }
                }
            }
            XCTAssertEqual(differing, 0, "at \(zoom * 100)%")
        }
    }

    /// A document of distinct pixels (each its own index), for checking which one a screen pixel shows.
    private func numberedDocument(width: Int, height: Int) -> Bitmap {
        let document = Bitmap(width: width, height: height)
        for i in 0..<(width * height) { document.pixels[i] = 0xFF00_0000 | UInt32(i) }
        return document
    }

    /// Zoomed in, each screen pixel is the document pixel under its centre, and nothing outside
    /// the area is written: the short runs between 100% and 800% are stored eight at a time,
    /// the surplus overwritten by the next run, and the row's last runs exactly.
    func testZoomedInEachScreenPixelIsTheDocumentPixelUnderItsCentreAndNothingOutsideTheArea() {
        let document = numberedDocument(width: 700, height: 500)
        let sentinel: UInt32 = 0x1234_5678
        for zoom in [1.1, 1.5, 1.99, 2.5, 3.7, 7.5, 8, 9.3] {
            for (originX, areaX0) in [(-13.3, 40), (0.0, 0), (21.7, 3)] {
                let originY = -7.6
                let area = PixelRect(x0: areaX0, y0: 5, x1: 629 - areaX0 % 4, y1: 395)
                let shown = Bitmap(width: 640, height: 400, fill: sentinel)
                ZoomedCompositor.show(document, zoom: zoom, originX: originX, originY: originY, area: area, into: shown)
                var differing = 0
                for y in 0..<400 {
                    for x in 0..<640 {
                        var expected = sentinel
                        if (area.x0..<area.x1).contains(x), (area.y0..<area.y1).contains(y) {
                            let docX = min(699, max(0, Int(((Double(x) + 0.5 - originX) / zoom).rounded(.down))))
                            let docY = min(499, max(0, Int(((Double(y) + 0.5 - originY) / zoom).rounded(.down))))
                            expected = document[docX, docY]
                        }
                        if shown[x, y] != expected { differing += 1 }
                    }
                }
                XCTAssertEqual(differing, 0, "at \(zoom * 100)%, origin \(originX), area from \(areaX0)")
            }
        }
    }

    /// Zoomed out above 50%, an area away from the target's edges gets the mean of the 2x2
    /// under each pixel and the pixels around it stay as they were.
    func testZoomedOutWritesOnlyTheArea() {
        let document = numberedDocument(width: 900, height: 600)
        let sentinel: UInt32 = 0x1234_5678
        for zoom in [0.51, 0.75, 10.0 / 11] {
            let area = PixelRect(x0: 37, y0: 11, x1: 413, y1: 290)
            let shown = Bitmap(width: 460, height: 320, fill: sentinel)
            ZoomedCompositor.show(document, zoom: zoom, originX: 2.5, originY: -1.25, area: area, into: shown)
            for y in 0..<320 {
                for x in 0..<460 where !((area.x0..<area.x1).contains(x) && (area.y0..<area.y1).contains(y)) {
                    XCTAssertEqual(shown[x, y], sentinel, "(\(x), \(y)) at \(zoom * 100)%")
                }
            }
            XCTAssertNotEqual(shown[200, 100], sentinel)
        }
    }
}
