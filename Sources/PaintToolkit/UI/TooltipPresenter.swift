/// Tooltips, as desktop toolkits show them: after the pointer rests on a view with one for
/// `delay`, a small label appears next to it inside the window; it goes when the pointer leaves
/// that view or presses. Once one has shown, moving straight onto a neighbour shows its tooltip
/// at once (GTK's and Qt's "browse mode"), until the pointer has been away for `browseTimeout`.
package final class TooltipPresenter {
    package static let delay = 0.6
    package static let browseTimeout = 0.5

    private unowned let window: Window
    private var target: (view: View, text: String)?
    private var timer: Scheduler.Timer?
    /// When the last tooltip was hidden by moving away (for browse mode).
    private var lastHidden: Double?
    /// A press hides the tooltip until the pointer moves to another view.
    private var suppressedView: View?
    private(set) var shown: TooltipView?

    package init(window: Window) {
        self.window = window
        window.addPressObserver { [weak self] _ in self?.pressed() }
    }

    /// The text the tooltip shows now, if one is shown.
    package var visibleText: String? { shown?.text }

    package func pointerRests(on view: View?, text: String?, at location: Point) {
        if let target, target.view === view, target.text == text { return }
        let wasShowing = shown != nil
        hide()
        if let suppressed = suppressedView, suppressed === view { return }
        suppressedView = nil
        guard let view, let text, !text.isEmpty else {
            target = nil
            if wasShowing { lastHidden = window.application.clock.now }
            return
        }
        target = (view, text)
        let now = window.application.clock.now
        if wasShowing || (lastHidden.map { now - $0 < Self.browseTimeout } ?? false) {
            show(text, for: view, at: location)
        } else {
            timer = window.application.scheduler.schedule(after: Self.delay) { [weak self] in
                guard let self, let target = self.target, target.view === view else { return }
                self.show(target.text, for: view, at: self.window.hoverLocation ?? location)
            }
        }
    }

    private func pressed() {
        if let target { suppressedView = target.view }
        hide()
        target = nil
        lastHidden = nil
    }

    private func hide() {
        timer?.cancel()
        timer = nil
        shown?.removeFromSuperview()
        shown = nil
    }

    private func show(_ text: String, for view: View, at location: Point) {
        timer = nil
        let label = TooltipView(text: text)
        let size = label.fittingSize
        let bounds = window.bounds
        let anchor = view.convert(view.bounds, to: window)
        // Under a small view (a button) centred on the pointer; under the pointer for a big one.
        let below = anchor.height <= 80 ? anchor.maxY + 6 : location.y + 22
        let y = below + size.height <= bounds.height - 4 ? below : max(4, (anchor.height <= 80 ? anchor.minY : location.y) - size.height - 6)
        let x = min(max(4, location.x - size.width / 2), max(4, bounds.width - size.width - 4))
        label.frame = Rect(x: x.rounded(), y: y.rounded(), width: size.width, height: size.height)
        window.addSubview(label)
        shown = label
    }
}

/// The label of a tooltip: dark rounded box, light text, never in the way of the pointer.
package final class TooltipView: View {
    package let text: String
    private let font = Font.system(size: 13)

    package init(text: String) {
        self.text = text
        super.init(frame: .zero)
        isUserInteractionEnabled = false
    }

    package var fittingSize: Size {
        Size(width: (font.width(of: text) + 16).rounded(.up), height: 24)
    }

    package override func hitTest(_ point: Point) -> View? { nil }

    package override func draw(_ rect: Rect, in context: GraphicsContext) {
        context.fillColor = Color(r: 40, g: 40, b: 44, a: 235)
        context.fill(Path.roundedRect(bounds, cornerRadius: 5))
        context.draw(text, centeredIn: bounds, font: font, color: Color(r: 245, g: 245, b: 247))
    }
}
