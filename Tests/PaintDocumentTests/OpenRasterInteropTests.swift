import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics

/// Krita and X11Paint read each other's OpenRaster, with Krita's own files
/// (Tests/Fixtures/ora, made by scripts/make-ora-fixtures.sh with Debian's krita).
final class OpenRasterInteropTests: XCTestCase {
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ora")

    func testAFileKritaWroteOpensWithItsLayers() throws {
        let stack = try OpenRaster.read(Data(contentsOf: fixtures.appendingPathComponent("krita.ora")), name: "krita.ora")
        XCTAssertEqual([stack.width, stack.height], [160, 120])
        XCTAssertEqual(stack.layers.map(\.name), ["Background", "Red overlay", "Green multiply", "Hidden red", "Veil"])
        XCTAssertEqual(stack.layers.map(\.mode), [.normal, .overlay, .multiply, .normal, .screen])
        XCTAssertEqual(stack.layers.map(\.isVisible), [true, true, true, false, true])
        XCTAssertEqual(stack.layers.map(\.opacity), [1, 1, 0.6, 1, 0.8])
        XCTAssertEqual([stack.layers[4].x, stack.layers[4].y], [90, 70], "Krita's offsets")
        XCTAssertEqual([stack.layers[2].x, stack.layers[2].y], [70, 30], "Krita crops layers too")
    }

    /// X11Paint's flattening of its own file and of Krita's rewrite of it, against Krita's
    /// flattening: within 2/255 a channel.
    func testX11PaintFlattensAsKritaDoes() throws {
        let krita = try PNGCodec.decode(Data(contentsOf: fixtures.appendingPathComponent("krita-flat.png")))
        for file in ["x11paint.ora", "krita.ora"] {
            let ours = try OpenRaster.read(Data(contentsOf: fixtures.appendingPathComponent(file)), name: file).flattened()
            var worst = 0, at = (0, 0)
            for y in 0..<krita.height {
                for x in 0..<krita.width {
                    let a = ours[x, y], b = krita[x, y]
                    for shift: UInt32 in [0, 8, 16, 24] {
                        let difference = abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF))
                        if difference > worst { worst = difference; at = (x, y) }
                    }
                }
            }
            XCTAssertLessThanOrEqual(worst, 2, "\(file): \(worst)/255 at \(at): ours \(String(ours[at.0, at.1], radix: 16)), Krita's \(String(krita[at.0, at.1], radix: 16))")
        }
    }
}
