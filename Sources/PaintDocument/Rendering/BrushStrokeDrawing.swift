import CMyPaint
import Foundation
import PaintGraphics

/// A MyPaint brush stroke drawn by libmypaint onto a layer's pixels, event by event: a new
/// brush from the stroke's settings (so every stroke starts the engine from the same state and
/// the same random numbers), the user's colour, size, opacity and hardness set over its own,
/// and a surface whose tiles are the layer's. The same events give the same pixels whether they
/// come one by one while the pointer moves or all at once in a replay.
public final class BrushStrokeDrawing {
    /// Whether libmypaint is on this machine (the Brush tool says so when it is not).
    public static var isAvailable: Bool { brush_engine_available() != 0 }

    private let bitmap: Bitmap
    private let brush: OpaquePointer
    private let surface: OpaquePointer
    private let scale: Double

    /// Nil when libmypaint is missing or cannot read the stroke's settings. `keepingOriginals`:
    /// each tile's pixels are kept before its first dab, for `restore` (nil too when there is
    /// no memory for that).
    public init?(_ stroke: BrushStroke, on bitmap: Bitmap, scale: Double = 1, keepingOriginals: Bool = false) {
        guard let brush = stroke.settings.withCString({ brush_engine_brush_new($0) }) else { return nil }
        guard let surface = brush_engine_surface_new(bitmap.pixels, Int32(bitmap.width), Int32(bitmap.height), Int32(bitmap.width)) else {
            brush_engine_brush_free(brush)
            return nil
        }
        if keepingOriginals, brush_engine_surface_keep_originals(surface) == 0 {
            brush_engine_surface_free(surface)
            brush_engine_brush_free(brush)
            return nil
        }
        self.bitmap = bitmap
        self.brush = brush
        self.surface = surface
        self.scale = scale
        Self.configure(brush, for: stroke, scale: scale)
        if let symmetry = stroke.symmetry {
            let type: Int32 = switch symmetry.kind {
            case .vertical: 0
            case .horizontal: 1
            case .both: 2
            case .rotational: 3
            }
            brush_engine_surface_set_symmetry(surface, type, Float(symmetry.centre.x * scale), Float(symmetry.centre.y * scale), Int32(symmetry.folds))
        }
    }

    deinit {
        brush_engine_surface_free(surface)
        brush_engine_brush_free(brush)
    }

    /// Draws the stroke's next event; returns the layer pixels it changed.
    @discardableResult
    public func draw(_ event: BrushEvent) -> PixelRect {
        brush_engine_surface_begin(surface)
        brush_engine_stroke_to(brush, surface, Float(event.x * scale), Float(event.y * scale), Float(event.pressure),
                               Float(event.xTilt), Float(event.yTilt), event.seconds, Float(event.zoom), Float(event.rotation))
        return Self.rect { brush_engine_surface_end(surface, &$0, &$1, &$2, &$3) }
    }

    /// Puts back the pixels the dabs changed (with `keepingOriginals`); returns where.
    @discardableResult
    public func restore() -> PixelRect { Self.rect { brush_engine_surface_restore(surface, &$0, &$1, &$2, &$3) } }

    /// The rectangle a glue call gives back as x, y, width and height (width 0: none).
    private static func rect(_ give: (inout Int32, inout Int32, inout Int32, inout Int32) -> Void) -> PixelRect {
        var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        give(&x, &y, &width, &height)
        guard width > 0, height > 0 else { return .empty }
        return PixelRect(x0: Int(x), y0: Int(y), x1: Int(x + width), y1: Int(y + height))
    }

    /// Draws a whole stroke onto `bitmap`; the pixels it changed.
    @discardableResult
    public static func draw(_ stroke: BrushStroke, on bitmap: Bitmap, scale: Double = 1) -> PixelRect {
        guard let drawing = BrushStrokeDrawing(stroke, on: bitmap, scale: scale) else { return .empty }
        return stroke.events.reduce(PixelRect.empty) { $0.union(drawing.draw($1)) }
    }

    /// The brush's own settings with the stroke's colour and the user's size, opacity and
    /// hardness over them (a layer at twice the document's scale gets a radius twice as large).
    private static func configure(_ brush: OpaquePointer, for stroke: BrushStroke, scale: Double) {
        func set(_ name: String, _ value: Double) { brush_engine_brush_set(brush, brush_engine_setting(name), Float(value)) }
        func get(_ name: String) -> Double { Double(brush_engine_brush_get(brush, brush_engine_setting(name))) }
        let (hue, saturation, value) = stroke.color.hsv
        set("color_h", hue)
        set("color_s", saturation)
        set("color_v", value)
        let radius = stroke.radius.map { log(max($0, 0.2)) } ?? get("radius_logarithmic")
        set("radius_logarithmic", radius + log(scale))
        set("opaque", get("opaque") * min(max(stroke.opacity, 0), 1))
        set("hardness", min(max(get("hardness") * stroke.hardness, 0), 1))
        if stroke.isEraser { set("eraser", 1) }
    }
}

extension Color {
    /// Hue, saturation and value, each 0…1 (libmypaint's colour settings).
    var hsv: (Double, Double, Double) {
        let r = min(max(red, 0), 1), g = min(max(green, 0), 1), b = min(max(blue, 0), 1)
        let high = max(r, g, b), low = min(r, g, b), range = high - low
        guard range > 0 else { return (0, 0, high) }
        var hue: Double
        switch high {
        case r: hue = (g - b) / range
        case g: hue = 2 + (b - r) / range
        default: hue = 4 + (r - g) / range
        }
        hue /= 6
        if hue < 0 { hue += 1 }
        return (hue, range / high, high)
    }
}
