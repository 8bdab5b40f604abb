import Foundation
import XCTest
@testable import PaintDocument
@testable import PaintGraphics
import TestSupport

/// OpenRaster: a stack written and read back keeps its layers, the file is a valid
/// ORA as Python's own zipfile sees it, files made by another writer (Python's zipfile, as
/// Krita and MyPaint lay them out) open, and hostile files are refused with a message.
final class OpenRasterTests: XCTestCase {
    private let temp = TemporaryDirectory()

    private func python(_ script: String, _ arguments: [String] = []) throws -> String {
        let result = try ExternalCommand.python(script, arguments)
        XCTAssertEqual(result.status, 0, result.output)
        return result.output
    }

    private func sampleStack() -> LayerStack {
        let photo = Bitmap(width: 64, height: 48, color: Color(r: 200, g: 180, b: 40))
        let sketch = Bitmap(width: 64, height: 48)
        sketch.fill(PixelRect(x0: 10, y0: 5, x1: 30, y1: 20), with: Color(r: 20, g: 60, b: 220).premultipliedPixel)
        let hidden = Bitmap(width: 64, height: 48, color: .red)
        let small = Bitmap(width: 8, height: 8, color: Color(r: 0, g: 0, b: 0, a: 128))
        return LayerStack(width: 64, height: 48, layers: [
            LayerStack.Layer(name: "Photo", pixels: photo),
            LayerStack.Layer(name: "草图 sketch", pixels: sketch, opacity: 0.5, mode: .multiply),
            LayerStack.Layer(name: "Hidden", pixels: hidden, isVisible: false),
            LayerStack.Layer(name: "Shade", pixels: small, x: 40, y: 30, mode: .overlay),
        ])
    }

    func testAStackComesBackWithItsLayersAndTheFileIsAValidOpenRaster() throws {
        let stack = sampleStack()
        let data = try OpenRaster.encode(stack)
        let back = try OpenRaster.read(data, name: "sample.ora")
        XCTAssertEqual(back.width, 64)
        XCTAssertEqual(back.layers.map(\.name), ["Photo", "草图 sketch", "Hidden", "Shade"])
        XCTAssertEqual(back.layers.map(\.mode), [.normal, .multiply, .normal, .overlay])
        XCTAssertEqual(back.layers.map(\.isVisible), [true, true, false, true])
        XCTAssertEqual(back.layers[1].opacity, 0.5, accuracy: 0.001)
        XCTAssertEqual(back.layers[1].x, 10, "cropped to what it holds, its offset says where")
        XCTAssertEqual(back.layers[1].pixels.width, 20)
        XCTAssertEqual([back.layers[3].x, back.layers[3].y], [40, 30])
        XCTAssertTrue(back.flattened().isEqual(to: stack.flattened()), "the same picture")
        // Python's zipfile: mimetype first and stored, the parts the format names.
        let path = temp.path + "/sample.ora"
        try data.write(to: URL(fileURLWithPath: path))
        let report = try python("""
            import sys, zipfile, struct, xml.etree.ElementTree as ET
            z = zipfile.ZipFile(sys.argv[1]); first = z.infolist()[0]
            print(first.filename, first.compress_type, z.read('mimetype').decode())
            print(sorted(n for n in z.namelist() if not n.startswith('data/')))
            root = ET.fromstring(z.read('stack.xml')); print(root.tag, root.get('w'), root.get('h'), [l.get('composite-op') for l in root.iter('layer')])
            t = z.read('Thumbnails/thumbnail.png'); print(struct.unpack('>II', t[16:24]))
            open(sys.argv[1], 'rb').seek(0); print(open(sys.argv[1], 'rb').read(38)[30:38])
            """, [path])
        let lines = report.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "mimetype 0 image/openraster")
        XCTAssertEqual(lines[1], "['Thumbnails/thumbnail.png', 'mergedimage.png', 'mimetype', 'stack.xml']")
        XCTAssertEqual(lines[2], "image 64 48 ['svg:overlay', 'svg:src-over', 'svg:multiply', 'svg:src-over']", "top layer first")
        XCTAssertEqual(lines[3], "(64, 48)")
        XCTAssertEqual(lines[4], "b'mimetype'", "its name right after the first local header, as `file` looks for it")
    }

    func testAFileFromAnotherWriterOpensGroupsAndAll() throws {
        let path = temp.path + "/other.ora"
        let red = try PNGCodec.encode(Bitmap(width: 4, height: 4, color: .red)), blue = try PNGCodec.encode(Bitmap(width: 2, height: 2, color: .blue))
        try red.write(to: URL(fileURLWithPath: temp.path + "/red.png"))
        try blue.write(to: URL(fileURLWithPath: temp.path + "/blue.png"))
        _ = try python("""
            import sys, zipfile
            z = zipfile.ZipFile(sys.argv[1], 'w')
            z.writestr(zipfile.ZipInfo('mimetype'), 'image/openraster')
            z.writestr('stack.xml', '<?xml version="1.0"?><image w="4" h="4"><stack><stack name="group"><layer name="dot" src="data/b.png" x="1" y="1" composite-op="svg:screen" opacity="0.25"/></stack><layer name="ground" src="data/a.png" visibility="visible"/></stack></image>', zipfile.ZIP_DEFLATED)
            z.write(sys.argv[2], 'data/a.png'); z.write(sys.argv[3], 'data/b.png'); z.close()
            """, [path, temp.path + "/red.png", temp.path + "/blue.png"])
        let stack = try OpenRaster.read(try Data(contentsOf: URL(fileURLWithPath: path)), name: "other.ora")
        XCTAssertEqual(stack.layers.map(\.name), ["ground", "dot"], "bottom first; a group's layers in place")
        XCTAssertEqual(stack.layers[1].mode, .screen)
        XCTAssertEqual(stack.layers[1].opacity, 0.25)
        let flat = stack.flattened()
        XCTAssertEqual(flat.color(atX: 0, y: 0), .red)
        XCTAssertNotEqual(flat.color(atX: 1, y: 1), .red, "the blue dot screened over it at a quarter")
    }

    func testHostileFilesAreRefusedWithAMessage() throws {
        func ora(_ name: String, _ script: String) throws -> Data {
            let path = temp.path + "/" + name
            _ = try python("import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED)\n" + script + "\nz.close()", [path])
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }
        let png = try PNGCodec.encode(Bitmap(width: 2, height: 2, color: .green)).base64EncodedString()
        let stack = { (layers: String) in "z.writestr('stack.xml', '<image w=\"2\" h=\"2\"><stack>\(layers)</stack></image>')" }
        let cases: [(String, Data, String)] = [
            ("not a zip", Data("hello".utf8), "not a ZIP"),
            ("no stack.xml", try ora("a.ora", "z.writestr('mimetype', 'image/openraster')"), "no stack.xml"),
            ("a layer that is not a PNG", try ora("b.ora", stack("<layer name=\"L\" src=\"data/x.png\"/>") + "\nz.writestr('data/x.png', 'GIF89a')"),
             "not a readable PNG"),
            ("a path that climbs out", try ora("c.ora", stack("<layer name=\"L\" src=\"../../etc/passwd\"/>")), "names no picture"),
            ("a zip bomb", try ora("d.ora", stack("<layer name=\"L\" src=\"data/big.png\"/>") + "\nz.writestr('data/big.png', b'\\0' * (300 << 20))"),
             "too large"),
            ("10,000 layers", try ora("e.ora", "z.writestr('stack.xml', '<image w=\"2\" h=\"2\"><stack>' + '<layer name=\"L\" src=\"data/p.png\"/>' * 10000 + '</stack></image>')"
                + "\nimport base64\nz.writestr('data/p.png', base64.b64decode('\(png)'))"), "more than 1000 layers"),
            ("an absurd canvas", try ora("f.ora", "z.writestr('stack.xml', '<image w=\"90000\" h=\"90000\"><stack/></image>')"), "megapixels"),
        ]
        for (what, data, expected) in cases {
            XCTAssertThrowsError(try OpenRaster.read(data, name: "x.ora"), what) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(what): \(error)")
            }
        }
    }

    func testExportFlattensToPNGAndKeepsTheStackToOpenRaster() throws {
        let input = temp.path + "/in.ora"
        try OpenRaster.encode(sampleStack()).write(to: URL(fileURLWithPath: input))
        try DocumentExport.export(input, to: temp.path + "/flat.png")
        let flat = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: temp.path + "/flat.png")))
        XCTAssertEqual(flat.width, 64)
        XCTAssertEqual(flat.color(atX: 50, y: 5), Color(r: 200, g: 180, b: 40), "the photo where nothing covers it")
        try DocumentExport.export(input, to: temp.path + "/copy.ora")
        let copy = try OpenRaster.read(Data(contentsOf: URL(fileURLWithPath: temp.path + "/copy.ora")), name: "copy.ora")
        XCTAssertEqual(copy.layers.map(\.name), ["Photo", "草图 sketch", "Hidden", "Shade"], "ORA to ORA keeps the layers")
        // A PNG to ORA: the picture as one layer over the background (white) as the bottom one.
        try DocumentExport.export(temp.path + "/flat.png", to: temp.path + "/one.ora")
        let one = try OpenRaster.read(Data(contentsOf: URL(fileURLWithPath: temp.path + "/one.ora")), name: "one.ora")
        XCTAssertEqual(one.layers.map(\.name), ["Background", "Layer 1"])
        XCTAssertEqual(one.layers[0].pixels.color(atX: 3, y: 3), .white)
    }
}
