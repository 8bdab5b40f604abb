import Foundation

/// `x11paint --export OUT IN`, as Krita and Inkscape export from the command line: IN is opened
/// as the app opens a document (upright by its EXIF orientation, over the white page) and
/// written to OUT in the format OUT's ending names, with no window and no X server. Later
/// formats and layers go through here too.
public enum DocumentExport {
    public struct ExportError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// The most pixels a document opened from a file has (larger ones are reduced in the app,
    /// with a message; an export refuses them rather than write less than was asked).
    public static let maximumPixels = 50_000_000

    /// Writes `input` to `output`; throws a one-line reason.
    public static func export(_ input: String, to output: String) throws {
        let outputName = SystemPath.displayed(output)
        guard let target = SaveAsTarget(path: output) else {
            throw ExportError(tr("cannot write %@: its ending names no format X11Paint writes (%@)", outputName, PictureFormat.savedEndings))
        }
        let name = SystemPath.displayed((input as NSString).lastPathComponent)
        // OpenRaster to OpenRaster keeps the layers as they are (names, opacity, modes, offsets).
        let data = try PhotoDecoder.read(input)
        if case .openRaster = target.format, data.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            do {
                let stack = try OpenRaster.read(data, name: name, maximumPixels: maximumPixels)
                _ = try AtomicFileWriter.replaceFile(try OpenRaster.encode(stack), at: output, mode: 0o644)
                return
            } catch let error as OpenRaster.FormatError {
                throw ExportError(error.description)
            } catch let error as AtomicFileWriter.WriteError {
                throw ExportError(tr("Could not save: %@", error.description))
            }
        }
        let opened = try PhotoDecoder.open(data, name: name, maximumPixels: maximumPixels, job: nil)
        let size = (opened.photo.asset.image.width, opened.photo.asset.image.height)
        guard size == (opened.sourceWidth, opened.sourceHeight) else {
            throw ExportError(tr("%@ is %dx%d, more than the %d megapixels X11Paint opens", name, opened.sourceWidth, opened.sourceHeight,
                                 maximumPixels / 1_000_000))
        }
        try write(DocumentFormat.opening(opened.photo), to: target, noSize: tr("%@ has no size", name))
    }

    /// Writes `document` (a shared session's drawing, say) to `output` in the format its ending
    /// names, its layers kept where the format has them; throws a one-line reason.
    public static func export(_ document: Document, to output: String) throws {
        guard let target = SaveAsTarget(path: output) else {
            throw ExportError(tr("cannot write %@: its ending names no format X11Paint writes (%@)", SystemPath.displayed(output), PictureFormat.savedEndings))
        }
        try write(document, to: target, noSize: tr("the drawing has no size"))
    }

    /// Draws `document` without a view and writes it to `target`.
    private static func write(_ document: Document, to target: SaveAsTarget, noSize: @autoclosure () -> String) throws {
        guard let format = document.format else { throw ExportError(noSize()) }
        let layer = DrawingLayer(width: format.pixelWidth, height: format.pixelHeight, scale: format.pixelScale)
        layer.rebuild(from: document)
        do {
            _ = try target.write(layer.artworkSnapshot())
        } catch let error as SaveAsTarget.TargetError {
            throw ExportError(error.description)
        }
    }
}
