/// Seed 001's gesture unlock: nine buttons in a 3x3 grid; pressing and dragging selects
/// buttons (each once) and draws lines through their centres to the finger. On release the
/// delegate judges the pattern; a wrong one shows in red for half a second, then resets.
public protocol UnlockViewDelegate: AnyObject {
    /// Returns whether the pattern (button numbers 0-8 in order) is accepted.
    func unlockView(_ view: UnlockView, didFinish pattern: [Int]) -> Bool
}

public final class UnlockView: View {
    public static let buttonSize = 74.0
    public static let lineColor = Color(r: 0, g: 170, b: 255)
    public static let errorColor = Color(r: 230, g: 40, b: 40)
    public weak var delegate: UnlockViewDelegate?
    public private(set) var selected: [Int] = []
    public private(set) var showsError = false
    private var finger: Point?
    private var resetTimer: Scheduler.Timer?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        for _ in 0..<9 {
            let dot = View()
            dot.isUserInteractionEnabled = false // touches go to the unlock view (seed 004's note)
            addSubview(dot)
        }
    }

    /// Seed 001's grid: three columns of 74 px buttons with equal margins around and between.
    public override func layoutSubviews() {
        let size = Self.buttonSize
        let marginX = (bounds.width - 3 * size) / 4
        let marginY = (bounds.height - 3 * size) / 4
        for (index, dot) in subviews.enumerated() {
            let column = Double(index % 3), row = Double(index / 3)
            dot.frame = Rect(x: marginX + column * (size + marginX), y: marginY + row * (size + marginY), width: size, height: size)
        }
    }

    public func buttonFrame(_ index: Int) -> Rect { subviews[index].frame }

    private func button(at point: Point) -> Int? {
        subviews.indices.first { subviews[$0].frame.contains(point) }
    }

    // MARK: - Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard !showsError, let touch = touches.first else { return }
        selected = []
        track(touch.location(in: self))
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard !showsError, let touch = touches.first else { return }
        track(touch.location(in: self))
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        guard !showsError else { return }
        if let touch = touches.first { track(touch.location(in: self)) }
        finger = nil
        let pattern = selected
        guard !pattern.isEmpty else { return }
        let accepted = delegate?.unlockView(self, didFinish: pattern) ?? true
        if accepted {
            reset()
        } else {
            showsError = true
            setNeedsDisplay()
            resetTimer = window?.application.scheduler.schedule(after: 0.5) { [weak self] in self?.reset() }
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) { reset() }

    private func track(_ point: Point) {
        finger = point
        if let index = button(at: point), !selected.contains(index) { selected.append(index) }
        setNeedsDisplay()
    }

    public func reset() {
        resetTimer?.cancel()
        selected = []
        finger = nil
        showsError = false
        setNeedsDisplay()
    }

    // MARK: - Drawing

    public override func draw(_ rect: Rect, in context: GraphicsContext) {
        for (index, dot) in subviews.enumerated() {
            let frame = dot.frame.insetBy(dx: 4, dy: 4)
            let isSelected = selected.contains(index)
            let tint = showsError && isSelected ? Self.errorColor : Self.lineColor
            context.fillColor = isSelected ? tint.withAlpha(0.25) : Color(r: 255, g: 255, b: 255, a: 40)
            context.fill(.ellipse(in: frame))
            context.strokeColor = isSelected ? tint : Color(r: 200, g: 200, b: 210)
            context.lineWidth = 2
            context.stroke(.ellipse(in: frame))
            if isSelected { context.fillCircle(center: frame.center, radius: 10, color: tint) }
        }
        guard let first = selected.first else { return }
        var path = Path()
        path.move(to: subviews[first].frame.center)
        for index in selected.dropFirst() { path.line(to: subviews[index].frame.center) }
        if let finger { path.line(to: finger) }
        context.strokeColor = showsError ? Self.errorColor : Self.lineColor
        context.lineStyle = LineStyle(width: 8, cap: .round, join: .round)
        context.stroke(path)
    }
}
