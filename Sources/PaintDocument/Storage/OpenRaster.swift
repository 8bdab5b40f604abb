import Foundation
import ZIPFoundation

/// OpenRaster (.ora), the layered format Krita, MyPaint, GIMP, Pinta, mtPaint and Drawpile
/// exchange: a ZIP whose first entry is `mimetype` (stored, "image/openraster"), `stack.xml`
/// (the layers, top first, with name, position, opacity, visibility and composite-op),
/// `data/*.png` for the layers, `mergedimage.png` (the picture flattened) and
/// `Thumbnails/thumbnail.png` (at most 256 pixels). ZIPFoundation reads and writes the ZIP.
///
/// A file is read in memory, never extracted onto the disk, so a `../` in a name cannot write
/// anywhere; every entry's size, the canvas, the number of layers and their pixels altogether
/// are bounded before anything is decompressed or allocated.
public enum OpenRaster {
    public struct FormatError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    public static let mimeType = "image/openraster"
    /// Layers a file may have (Krita's heaviest documents have a few hundred).
    public static let maximumLayers = 1000
    /// The most bytes one entry may decompress to (a 50-megapixel PNG compresses far below).
    public static let maximumEntryBytes: UInt64 = 256 << 20
    /// The most pixels the layers may hold altogether (2 GB of BGRA).
    public static let maximumTotalPixels = 512_000_000
    static let thumbnailSize = 256

    // MARK: - Reading

    /// Reads the stack in `data` (`name` for messages); canvases over `maximumPixels` are refused.
    public static func read(_ data: Data, name: String, maximumPixels: Int = DocumentExport.maximumPixels) throws -> LayerStack {
        let archive: Archive
        do {
            archive = try Archive(data: data, accessMode: .read)
        } catch {
            throw FormatError(tr("%@ is not an OpenRaster file: it is not a ZIP archive", name))
        }
        guard let stackEntry = archive["stack.xml"] else { throw FormatError(tr("%@ is not an OpenRaster file: it has no stack.xml", name)) }
        let stackXML = try contents(of: stackEntry, in: archive, name: name)
        let document: XMLTree
        do {
            document = try XMLTree(data: stackXML)
        } catch {
            throw FormatError(tr("%@: its stack.xml cannot be read (%@)", name, "\(error)"))
        }
        guard let image = document.root, image.name == "image",
              let width = Int(image.attribute("w") ?? ""), let height = Int(image.attribute("h") ?? ""),
              width > 0, height > 0 else {
            throw FormatError(tr("%@: its stack.xml has no image size", name))
        }
        guard width <= 100_000, height <= 100_000, width * height <= maximumPixels else {
            throw FormatError(tr("%@ is %dx%d, more than the %d megapixels X11Paint opens", name, width, height, maximumPixels / 1_000_000))
        }
        // Layers in the stack and in nested stacks (groups, flattened into one list here), top first.
        var elements: [XMLTree.Element] = []
        func collect(_ element: XMLTree.Element) {
            for child in element.children {
                if child.name == "layer" { elements.append(child) } else if child.name == "stack" { collect(child) }
                if elements.count > maximumLayers { return }
            }
        }
        collect(image)
        guard elements.count <= maximumLayers else {
            throw FormatError(tr("%@ has more than %d layers", name, maximumLayers))
        }
        var layers: [LayerStack.Layer] = []
        var totalPixels = 0
        for element in elements.reversed() {
            let attribute = { (key: String) in element.attribute(key) }
            let layerName = attribute("name") ?? tr("Layer")
            guard let source = attribute("src"), isSafeEntryName(source), let entry = archive[source] else {
                throw FormatError(tr("%@: the layer %@ names no picture in the file", name, layerName))
            }
            let png = try contents(of: entry, in: archive, name: name)
            let pixels: Bitmap
            do {
                pixels = try PNGCodec.decode(png, pixelLimit: UInt64(maximumPixels))
            } catch {
                throw FormatError(tr("%@: the layer %@ is not a readable PNG (%@)", name, layerName, "\(error)"))
            }
            totalPixels += pixels.width * pixels.height
            guard totalPixels <= maximumTotalPixels else { throw FormatError(tr("%@: its layers hold more pixels than X11Paint can keep", name)) }
            layers.append(LayerStack.Layer(name: layerName, pixels: pixels, x: Int(attribute("x") ?? "") ?? 0, y: Int(attribute("y") ?? "") ?? 0,
                                           opacity: min(max(Double(attribute("opacity") ?? "") ?? 1, 0), 1),
                                           isVisible: attribute("visibility") != "hidden",
                                           mode: attribute("composite-op").flatMap(LayerBlendMode.init(openRasterName:)) ?? .normal))
        }
        return LayerStack(width: width, height: height, layers: layers)
    }

    /// A name inside the archive: relative, without a way up.
    static func isSafeEntryName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix("/") && !name.split(separator: "/").contains("..") && !name.contains("\\")
    }

    /// An entry's bytes, refused before decompressing when it says it is too big, and stopped
    /// when it turns out bigger than it said (a lying zip bomb).
    private static func contents(of entry: Entry, in archive: Archive, name: String) throws -> Data {
        guard entry.type == .file, entry.uncompressedSize <= maximumEntryBytes else {
            throw FormatError(tr("%@: %@ is too large to be a picture's part", name, entry.path))
        }
        var data = Data()
        data.reserveCapacity(Int(entry.uncompressedSize))
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                guard UInt64(data.count + chunk.count) <= entry.uncompressedSize else {
                    throw FormatError(tr("%@: %@ is larger than its size says", name, entry.path))
                }
                data.append(chunk)
            }
        } catch let error as FormatError {
            throw error
        } catch {
            throw FormatError(tr("%@: %@ is damaged (%@)", name, entry.path, "\(error)"))
        }
        return data
    }

    // MARK: - Writing

    /// The stack as an OpenRaster file's bytes: each layer cropped to what it holds (its
    /// offset says where), the flattened picture and the thumbnail beside them.
    public static func encode(_ stack: LayerStack) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        func add(_ path: String, _ bytes: Data, compressed: Bool) throws {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(bytes.count),
                                 compressionMethod: compressed ? .deflate : .none) { position, size in
                bytes.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        // mimetype first and stored, so `file` and other readers know it from its first bytes.
        try add("mimetype", Data(mimeType.utf8), compressed: false)
        let document = try XMLTree(rootName: "image")
        guard let image = document.root else { throw FormatError("the stack.xml was not made") }
        for (key, value) in [("version", "0.0.5"), ("w", String(stack.width)), ("h", String(stack.height))] { try image.setAttribute(key, to: value) }
        let layers = try image.addElement("stack")
        for (index, layer) in stack.layers.enumerated().reversed() {
            let (pixels, x, y) = cropped(layer)
            let path = "data/layer\(index).png"
            // Already deflated inside: stored, as Krita and MyPaint do.
            try add(path, try PNGCodec.encode(pixels), compressed: false)
            let element = try layers.addElement("layer")
            for (key, value) in [("name", layer.name), ("src", path), ("x", String(layer.x + x)), ("y", String(layer.y + y)),
                                 ("opacity", String(format: "%.3f", min(max(layer.opacity, 0), 1))),
                                 ("visibility", layer.isVisible ? "visible" : "hidden"), ("composite-op", layer.mode.openRasterName)] {
                try element.setAttribute(key, to: value)
            }
        }
        try add("stack.xml", document.data(indented: true), compressed: true)
        let merged = stack.flattened()
        try add("mergedimage.png", try PNGCodec.encode(merged), compressed: false)
        try add("Thumbnails/thumbnail.png", try PNGCodec.encode(thumbnail(of: merged)), compressed: false)
        guard let data = archive.data else { throw FormatError("the archive was not made") }
        return data
    }

    /// The layer's painted part and where it starts in the layer (an empty layer: one pixel).
    static func cropped(_ layer: LayerStack.Layer) -> (Bitmap, Int, Int) {
        let pixels = layer.pixels
        var x0 = pixels.width, y0 = pixels.height, x1 = 0, y1 = 0
        for y in 0..<pixels.height {
            let row = pixels.pixels + y * pixels.width
            for x in 0..<pixels.width where row[x] != 0 {
                x0 = min(x0, x)
                x1 = max(x1, x + 1)
                y0 = min(y0, y)
                y1 = max(y1, y + 1)
            }
        }
        guard x1 > x0 else { return (Bitmap(width: 1, height: 1), 0, 0) }
        if x0 == 0, y0 == 0, x1 == pixels.width, y1 == pixels.height { return (pixels, 0, 0) }
        return (pixels.cropped(to: PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)), x0, y0)
    }

    /// The picture fitted in 256 x 256, as the format asks of its thumbnail.
    static func thumbnail(of picture: Bitmap) -> Bitmap {
        let scale = min(1, Double(thumbnailSize) / Double(max(picture.width, picture.height)))
        let width = max(1, Int((Double(picture.width) * scale).rounded())), height = max(1, Int((Double(picture.height) * scale).rounded()))
        let small = Bitmap(width: width, height: height)
        GraphicsContext(bitmap: small).draw(Image(bitmap: picture), in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        return small
    }
}
