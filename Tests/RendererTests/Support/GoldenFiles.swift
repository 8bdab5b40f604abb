import Foundation
@testable import DrawingBoard
@testable import PaintToolkit
@testable import PaintDocument
@testable import PaintGraphics
import XCTest

/// Reviewed reference renderings in Tests/Fixtures/golden: a rendering matches when its mean
/// error is at most half a level and hardly a pixel changed by more than 48 levels (actual,
/// expected and diff PNGs are written on failure). After an intended change:
/// `UPDATE_GOLDEN=1 swift test --filter <the tests>`, then look at the new PNGs before committing.
enum GoldenFiles {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/golden").path

    static func check(_ name: String, _ actual: Bitmap, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = "\(folder)/\(name).png"
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
            try PNGCodec.encode(actual).write(to: URL(fileURLWithPath: path))
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let folder = ImageComparison.writeFailure(name: name, actual: actual, expected: actual, cairo: nil)
            return XCTFail("\(name): no reference at \(path); the rendering is in \(folder)", file: file, line: line)
        }
        let expected = try PNGCodec.decode(data)
        guard expected.width == actual.width, expected.height == actual.height else {
            return XCTFail("\(name): \(actual.width)x\(actual.height), the reference is \(expected.width)x\(expected.height)", file: file, line: line)
        }
        // Anti-aliasing may wobble a little; a changed icon or label may not even move the mean.
        let error = ImageComparison.meanAbsoluteError(actual, expected)
        let changed = pixelsDiffering(actual, expected, byMoreThan: 48)
        let allowed = max(8, actual.width * actual.height / 20000)
        if error > 0.5 || changed > allowed {
            let folder = ImageComparison.writeFailure(name: name, actual: actual, expected: expected, cairo: nil)
            XCTFail("\(name): mean error \(error) (at most 0.5), \(changed) pixels changed (at most \(allowed)); see \(folder)",
                    file: file, line: line)
        }
    }

    static func pixelsDiffering(_ a: Bitmap, _ b: Bitmap, byMoreThan limit: Int) -> Int {
        var count = 0
        for i in 0..<a.width * a.height {
            let p = a.pixels[i], q = b.pixels[i]
            for shift in [0, 8, 16, 24] as [UInt32] where abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)) > limit {
                count += 1
                break
            }
        }
        return count
    }
}
