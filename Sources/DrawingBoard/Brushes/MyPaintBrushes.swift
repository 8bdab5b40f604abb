import Foundation

/// The Brush tool's brushes: MyPaint's set as the desktop installed it, read once, and the one
/// chosen (settings.toml's mypaint_brush). A machine without libmypaint or the set says so when
/// the tool is used; every other tool draws as ever.
final class MyPaintBrushes {
    static let shared = MyPaintBrushes()

    private(set) lazy var set = MyPaintBrushSet.installed()
    /// The chosen brush's name in the set.
    var chosen = MyPaintBrushSet.defaultBrush
    /// The brushes the user starred, in the order starred.
    var favourites: [String] = []
    /// The picker's opacity and hardness, each a factor over the brush's own (0...1).
    var opacity = 1.0
    var hardness = 1.0
    private var settings: (name: String, text: String)?

    /// From settings.toml: the brush, the stars, opacity and hardness (out of range: as the brush has them).
    func apply(_ settings: AppSettings) {
        if let brush = settings.mypaintBrush, !brush.isEmpty { chosen = brush }
        favourites = settings.mypaintFavourites
        opacity = settings.mypaintOpacity.map { $0.isFinite ? min(max($0, 0.01), 1) : 1 } ?? 1
        hardness = settings.mypaintHardness.map { $0.isFinite ? min(max($0, 0.01), 1) : 1 } ?? 1
    }

    func keep(in settings: inout AppSettings) {
        settings.mypaintBrush = chosen
        settings.mypaintFavourites = favourites
        settings.mypaintOpacity = opacity == 1 ? nil : opacity
        settings.mypaintHardness = hardness == 1 ? nil : hardness
    }

    func isFavourite(_ name: String) -> Bool { favourites.contains(name) }

    func toggleFavourite(_ name: String) {
        if let index = favourites.firstIndex(of: name) { favourites.remove(at: index) } else { favourites.append(name) }
    }

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
        // The picker's opacity and hardness are the Paintbrush's; Smudge keeps its brush's own.
        let own = name != chosen
        return BrushStroke(brush: name, settings: text, color: color, radius: max(width / 2, 0.5), opacity: own ? 1 : opacity,
                           hardness: own ? 1 : hardness, isEraser: isEraser)
    }
}
