import Foundation

/// The Brush tool's brushes: MyPaint's set as the desktop installed it, read once, and the one
/// chosen (settings.toml's mypaint_brush). A machine without libmypaint or the set says so when
/// the tool is used; every other tool draws as ever.
final class MyPaintBrushes {
    static let shared = MyPaintBrushes()

    private(set) lazy var set = MyPaintBrushSet.installed()
    /// The chosen brush's name in the set.
    var chosen = MyPaintBrushSet.defaultBrush
    private var settings: (name: String, text: String)?

    /// The Smudge tool's brush: MyPaint's own smudge, which drags the colours under it.
    static let smudge = "classic/smudge"

    /// Why the Brush tool (or the Smudge tool, with its brush) cannot draw here (nil: it can).
    var problem: String? { problem(with: chosen) }

    func problem(with name: String) -> String? {
        if !BrushStrokeDrawing.isAvailable { return tr("The Brush tool needs libmypaint (Debian's libmypaint-1.5-1); the other tools draw as ever") }
        if set.folder == nil { return tr("The Brush tool needs MyPaint's brushes (Debian's mypaint-brushes); the other tools draw as ever") }
        if set.brush(named: name) == nil { return tr("The brush %@ is not in MyPaint's brush set", name) }
        return nil
    }

    /// A stroke of the chosen brush (or the one named) with the user's colour and width, no
    /// events yet (nil: the brush cannot be read).
    func stroke(color: Color, width: Double, isEraser: Bool, brush name: String? = nil) -> BrushStroke? {
        let name = name ?? chosen
        guard let brush = set.brush(named: name) else { return nil }
        if settings?.name != name { settings = (try? set.settings(of: brush)).map { (name, $0) } }
        guard let text = settings?.text else { return nil }
        return BrushStroke(brush: name, settings: text, color: color, radius: max(width / 2, 0.5), isEraser: isEraser)
    }
}
