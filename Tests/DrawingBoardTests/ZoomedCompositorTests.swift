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
}
