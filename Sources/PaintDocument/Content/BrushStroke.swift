import Foundation
import PaintGraphics

/// A stroke of one of MyPaint's brushes (the Brush tool), as libmypaint draws it: the brush's
/// settings as its .myb file had them, the user's size, opacity and hardness over them, the
/// colour, and every input the engine took, in order. libmypaint draws the same dabs from the
/// same inputs (its random numbers start from the same seed in every new brush, and each stroke
/// gets a new one), so a replay (undo and redo, the journal, a peer in a shared drawing, the
/// recording) gives the same pixels, byte for byte, whatever brushes a machine has installed.
public struct BrushStroke: Sendable, Equatable, Codable {
    /// The brush's name in its set, "classic/charcoal".
    public var brush: String
    /// The text of its .myb file.
    public var settings: String
    public var color: Color
    /// The radius in document units (nil: the brush's own), its opacity and hardness as
    /// factors of the brush's own (1: as the brush has them).
    public var radius: Double?
    public var opacity: Double
    public var hardness: Double
    /// Drawn with the pen's eraser end (or the eraser's button): the same brush takes paint away.
    public var isEraser: Bool
    /// What libmypaint was given, event by event.
    public var events: [BrushEvent]
    /// The dabs drawn again mirrored or turned (libmypaint's own symmetry); nil: once.
    public var symmetry: Symmetry?

    public init(brush: String, settings: String, color: Color, radius: Double? = nil, opacity: Double = 1, hardness: Double = 1,
                isEraser: Bool = false, events: [BrushEvent] = []) {
        self.brush = brush
        self.settings = settings
        self.color = color
        self.radius = radius
        self.opacity = opacity
        self.hardness = hardness
        self.isEraser = isEraser
        self.events = events
    }

    private enum CodingKeys: String, CodingKey { case brush, settings, color, radius, opacity, hardness, isEraser, events, symmetry }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        brush = try container.decode(String.self, forKey: .brush)
        settings = try container.decode(String.self, forKey: .settings)
        color = try container.decode(Color.self, forKey: .color)
        radius = try container.decodeIfPresent(Double.self, forKey: .radius)
        opacity = try container.decode(Double.self, forKey: .opacity)
        hardness = try container.decode(Double.self, forKey: .hardness)
        isEraser = try container.decode(Bool.self, forKey: .isEraser)
        symmetry = try container.decodeIfPresent(Symmetry.self, forKey: .symmetry)
        let numbers = try container.decode([Double].self, forKey: .events)
        guard numbers.count % BrushEvent.fields == 0 else {
            throw DecodingError.dataCorruptedError(forKey: .events, in: container, debugDescription: "events come in eights")
        }
        events = stride(from: 0, to: numbers.count, by: BrushEvent.fields).map { BrushEvent(numbers[$0..<$0 + BrushEvent.fields]) }
    }

    /// The events as one flat list of numbers, eight each: a long stroke's thousands of events
    /// stay a compact record in the journal and on the wire.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(brush, forKey: .brush)
        try container.encode(settings, forKey: .settings)
        try container.encode(color, forKey: .color)
        try container.encodeIfPresent(radius, forKey: .radius)
        try container.encode(opacity, forKey: .opacity)
        try container.encode(hardness, forKey: .hardness)
        try container.encode(isEraser, forKey: .isEraser)
        try container.encode(events.flatMap(\.numbers), forKey: .events)
        try container.encodeIfPresent(symmetry, forKey: .symmetry)
    }
}

/// One motion of the pointer as libmypaint takes it: where (document units), how hard, the
/// pen's tilt (-1…1 each way), the seconds since the last, and the view's zoom and rotation.
public struct BrushEvent: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var pressure: Double
    public var xTilt: Double
    public var yTilt: Double
    public var seconds: Double
    public var zoom: Double
    public var rotation: Double

    static let fields = 8
    /// The first event's seconds: over five since the last, libmypaint starts the brush where
    /// the event is instead of drawing to it from where a new brush stands (0, 0).
    public static let strokeStartSeconds = 10.0

    public init(x: Double, y: Double, pressure: Double, xTilt: Double = 0, yTilt: Double = 0, seconds: Double, zoom: Double = 1,
                rotation: Double = 0) {
        self.x = x
        self.y = y
        self.pressure = pressure
        self.xTilt = xTilt
        self.yTilt = yTilt
        self.seconds = seconds
        self.zoom = zoom
        self.rotation = rotation
    }

    init(_ numbers: ArraySlice<Double>) {
        let n = Array(numbers)
        self.init(x: n[0], y: n[1], pressure: n[2], xTilt: n[3], yTilt: n[4], seconds: n[5], zoom: n[6], rotation: n[7])
    }

    var numbers: [Double] { [x, y, pressure, xTilt, yTilt, seconds, zoom, rotation] }
}
