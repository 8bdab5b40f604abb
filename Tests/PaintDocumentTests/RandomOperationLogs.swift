import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport

/// Random logs of several authors' changes of every kind, undos and redos, for the tests that
/// check the same operations give the same document however they came.
protocol RandomOperationLogs {}

extension RandomOperationLogs {
    var format: DocumentFormat { DocumentFormat(pixelWidth: 64, pixelHeight: 48) }

    func stroke(_ n: Int, _ random: inout SeededGenerator) -> Document.Item {
        let a = Point(x: Double(random.next() % 64), y: Double(random.next() % 48))
        let b = Point(x: Double(random.next() % 64), y: Double(random.next() % 48))
        return .stroke(Stroke(points: [a, b], color: Color(r: n * 37 % 256, g: 90, b: n * 11 % 256, a: 160 + n % 90), width: 3 + Double(n % 5),
                              blendMode: .sourceOver))
    }

    /// A change of every kind the mix exercises: strokes, a clear, flips, colour adjustments,
    /// layers (made by one author, painted on by any), half and quarter turns of the image,
    /// a selection put in perspective.
    func change(by author: UInt32, _ n: Int, _ random: inout SeededGenerator, layers: [Int]) -> Document.Item {
        switch random.next() % 12 {
        case 0: return .clear
        case 1: return .mirror(horizontally: random.next() % 2 == 0, area: nil)
        case 2: return .adjust(.invert, area: nil)
        case 3: return .turnImage(random.next() % 2 == 0 ? .halfTurn : .clockwise)
        case 4: return .layer(.add(id: Int(author) * 1000 + n, index: 1, properties: LayerProperties(name: "Layer \(n)")))
        case 5 where !layers.isEmpty: return .onLayer(layers[Int(random.next() % UInt64(layers.count))], stroke(n, &random))
        case 6:
            // A quarter of the page pulled into perspective, its pixels resampled.
            let pull = Double(random.next() % 8)
            return .transform(FreeTransform(source: Rect(x: 8, y: 8, width: 32, height: 24),
                                            corners: [Point(x: 8 + pull, y: 6), Point(x: 44, y: 8), Point(x: 40, y: 34 - pull), Point(x: 6, y: 30)],
                                            filter: .bicubic), area: SelectionArea(bounds: Rect(x: 8, y: 8, width: 32, height: 24)))
        default: return stroke(n, &random)
        }
    }

    func content() -> DocumentContent {
        let content = DocumentContent()
        _ = content.load(Document(format: format), redo: [])
        _ = content.matchLayerToFormat()
        return content
    }

    func bytes(_ content: DocumentContent) -> [UInt32] { bytes(content.drawing) }

    func bytes(_ drawing: DrawingLayer) -> [UInt32] {
        let artwork = drawing.renderArtwork()
        return Array(UnsafeBufferPointer(start: artwork.pixels, count: artwork.width * artwork.height))
    }

    /// How many pixels differ (the assertions say a count, not two pictures' worth of numbers).
    func differing(_ a: [UInt32], _ b: [UInt32]) -> Int {
        a.count != b.count ? max(a.count, b.count) : zip(a, b).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
    }

    func layerIDs(_ content: DocumentContent) -> [Int] { content.layers.entries.map(\.id).filter { $0 != 0 } }

    /// One step by `author`: a change, or their undo or redo when they have one. Author 0 works
    /// here (the board's calls); the others' operations arrive as from the network.
    @discardableResult
    func step(_ content: DocumentContent, author: UInt32, _ n: Int, _ random: inout SeededGenerator) -> String {
        let roll = random.next() % 20
        let log = content.log
        let kind: DocumentOperation.Kind
        if roll < 5, let target = log.undoTarget(of: author) {
            kind = .undo(target)
        } else if roll < 8, let target = log.redoTarget(of: author) {
            kind = .redo(target)
        } else {
            kind = .item(change(by: author, n, &random, layers: layerIDs(content)))
        }
        if author == content.author {
            switch kind {
            case .undo: XCTAssertTrue(content.undo())
            case .redo: XCTAssertTrue(content.redo())
            case .item(let item): content.append(item)
            case .fold: XCTFail("a participant never folds")
            }
        } else {
            content.apply(DocumentOperation(id: log.nextID(for: author), kind: kind))
        }
        return "\(author): \(kind)"
    }
}
