/// The airbrush while the button is held: a dab where the pointer is at the press and then
/// every tick (as KolourPaint's spray can does, held still it goes on spraying), more dots with
/// a pen pressed harder; shown on the layer as it will be committed, one item on release.
final class SprayTool {
    /// Dabs a second while held.
    static let rate = 30.0
    private(set) var spray: Spray?
    private var position = Point.zero
    private var pressure = 1.0
    private var timer: Scheduler.Timer?
    private unowned let canvas: CanvasView

    init(canvas: CanvasView) { self.canvas = canvas }

    var isSpraying: Bool { spray != nil }

    /// The disc's radius for the pen's width: half the width, at least 4 points, times 3 (a
    /// spray wider than the pencil's line, as the peers' are).
    static func radius(forWidth width: Double) -> Double { max(4, width * 1.5) }

    func begin(_ touch: Touch, at point: Point, color: Color, width: Double) {
        spray = Spray(color: color, radius: Self.radius(forWidth: width), seed: UInt64.random(in: 0...UInt64.max))
        spray?.symmetry = canvas.freehandTool.symmetry
        move(touch, to: point)
        dab()
        scheduleNextDab()
    }

    func move(_ touch: Touch, to point: Point) {
        position = point
        pressure = FreehandTool.pressure(of: touch) ?? 1
    }

    /// The spray as it stands, to commit (nil: none).
    func end() -> Spray? {
        defer { cancel() }
        return spray
    }

    func cancel() {
        timer?.cancel()
        timer = nil
        if spray != nil { canvas.content.previewItem(nil) }
        spray = nil
    }

    /// One more dab where the pointer is now.
    func dab() {
        guard var spray else { return }
        spray.dabs.append(position)
        spray.dots.append(Spray.dotsPerDab(radius: spray.radius, pressure: pressure))
        self.spray = spray
        canvas.content.previewItem(.spray(spray))
    }

    private func scheduleNextDab() {
        timer = canvas.window?.application.scheduler.schedule(after: 1 / Self.rate) { [weak self] in
            guard let self, self.spray != nil else { return }
            self.dab()
            self.scheduleNextDab()
        }
    }
}
