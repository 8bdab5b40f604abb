/// Touch delivery for a window: hit-testing at began, recognizers first, then the view (unless
/// a recognizer took the touches or holds them back), actions after the pass. The touches in
/// flight and the recognizers working on them are its state (arbitration: TouchDispatcher+Arbitration).
package final class TouchDispatcher {
    package var touchesByIdentifier: [Int: Touch] = [:] { didSet { touchSetChanged = true } }
    /// Whether touches began or went since the event's allTouches was made: a motion event
    /// keeps the set (making it was a hash table a motion event).
    private var touchSetChanged = false
    /// The set of one touch that recognizers and the view are handed while that touch changes
    /// alone (every motion event of a drag), kept instead of made anew each time.
    private var loneTouchSet: Set<Touch> = []
    var currentEvent: TouchEvent?
    package var arenaRecognizers: [GestureRecognizer] = []
    var queuedActions: [GestureRecognizer] = []
    var transformRecognizers: [GestureRecognizer] = []
    /// Touches whose began or ended the view has not seen yet (delaysTouches...).
    var heldTouches: [Touch] = []
    /// The last tap, for the next touch's tapCount.
    private var taps = TapSeries()
    /// The window that owns this, for the recognizers' clocks. It owns this and outlives it:
    /// not a checked reference (each use of one is a retain and a release).
    package unowned(unsafe) let window: Window

    init(window: Window) { self.window = window }

    deinit {
        for recognizer in arenaRecognizers where recognizer.arena === self { recognizer.arena = nil }
    }

    /// Delivers platform touch input. Touches that begin together reach a view in one call.
    func send(_ inputs: [TouchInput], in window: Window) {
        var changed: [(Touch, Touch.Phase)] = []
        for input in inputs {
            if input.phase == .began {
                if touchesByIdentifier[input.identifier] != nil { continue }
                let touch = Touch(beginning: input, tapCount: taps.count(forTouchAt: input.location, time: input.timestamp))
                touch.window = window
                touch.view = window.hitTest(input.location)
                if let view = touch.view, !view.isMultipleTouchEnabled,
                   touchesByIdentifier.values.contains(where: { $0.view === view }) {
                    continue // a single-touch view gets only its first touch
                }
                // An exclusive-touch view takes no touches while another view has some, and
                // while it has touches no other view gets new ones (UIView.isExclusiveTouch).
                if touchesByIdentifier.values.contains(where: { other in
                    other.view !== touch.view && ((other.view?.isExclusiveTouch ?? false) || (touch.view?.isExclusiveTouch ?? false))
                }) {
                    continue
                }
                touch.gestureRecognizers = recognizers(for: touch)
                touchesByIdentifier[input.identifier] = touch
                changed.append((touch, .began))
            } else {
                guard let touch = touchesByIdentifier[input.identifier] else { continue }
                touch.follow(input)
                changed.append((touch, input.phase))
                if input.phase == .ended { taps.touchEnded(touch) } else if input.phase == .cancelled { taps.touchCancelled() }
            }
        }
        guard let timestamp = inputs.last?.timestamp, !changed.isEmpty else { return }
        if changed.contains(where: { $0.1 == .began }) { for observer in window.pointerObservers.press { observer(timestamp) } }
        // A drag moves the pointer too (the first finger stands for it).
        if let first = inputs.first, first.phase == .began || first.phase == .moved { window.pointerMoved(to: first.location) }
        let event = currentEvent ?? TouchEvent(timestamp: timestamp, touches: [])
        if currentEvent == nil || touchSetChanged { event.allTouches = Set(touchesByIdentifier.values) }
        touchSetChanged = false
        currentEvent = event
        event.timestamp = timestamp

        deliverToRecognizers(changed, event: event)
        deliverToViews(changed, event: event)
        for (touch, phase) in changed where phase == .ended || phase == .cancelled {
            touchesByIdentifier[touch.identifier] = nil
            for recognizer in touch.gestureRecognizers { recognizer.trackedTouches.removeAll { $0 === touch } }
        }
        if touchesByIdentifier.isEmpty {
            currentEvent = nil
            loneTouchSet = []
        }
        gestureStateDidChange()
    }

    /// The enabled recognizers of the hit view and its ancestors that accept the touch.
    private func recognizers(for touch: Touch) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        var view = touch.view
        while let v = view {
            for recognizer in v.gestureRecognizers
            where recognizer.isEnabled && !recognizer.state.isFinished && recognizer.allowedTouchTypes.contains(touch.type) {
                if recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true { result.append(recognizer) }
            }
            view = v.superview
        }
        return result
    }

    /// `touch` alone, as a set (see `loneTouchSet`).
    private func set(ofLone touch: Touch) -> Set<Touch> {
        if loneTouchSet.count != 1 || loneTouchSet.first !== touch { loneTouchSet = [touch] }
        return loneTouchSet
    }

    private func deliverToRecognizers(_ changed: [(Touch, Touch.Phase)], event: TouchEvent) {
        if changed.count == 1 {
            // One touch: each of its recognizers tracks it, and sees it alone.
            let (touch, phase) = changed[0]
            let touches = set(ofLone: touch)
            for recognizer in touch.gestureRecognizers {
                joinArena(recognizer)
                if recognizer.state == .failed || recognizer.state == .cancelled || recognizer.state == .ended { continue }
                deliver(touches, phase: phase, to: recognizer, event: event)
            }
            return
        }
        var order: [GestureRecognizer] = []
        for (touch, _) in changed {
            for recognizer in touch.gestureRecognizers where !order.contains(where: { $0 === recognizer }) { order.append(recognizer) }
        }
        // Each phase's touches, as one set when every recognizer has them all (one finger):
        // the recognizers share it instead of each making its own.
        var phaseTouches: [(Touch.Phase, Set<Touch>)] = []
        for phase in Touch.Phase.allCases where changed.contains(where: { $0.1 == phase }) {
            phaseTouches.append((phase, Set(changed.lazy.filter { $0.1 == phase }.map(\.0))))
        }
        for recognizer in order {
            joinArena(recognizer)
            for (phase, all) in phaseTouches {
                // Finished recognizers see no more touches until they are reset.
                if recognizer.state == .failed || recognizer.state == .cancelled || recognizer.state == .ended { break }
                let tracked = { (touch: Touch) in touch.gestureRecognizers.contains { $0 === recognizer } }
                let touches = all.allSatisfy(tracked) ? all : all.filter(tracked)
                if touches.isEmpty { continue }
                deliver(touches, phase: phase, to: recognizer, event: event)
            }
        }
    }

    private func deliver(_ touches: Set<Touch>, phase: Touch.Phase, to recognizer: GestureRecognizer, event: TouchEvent) {
        if phase == .began {
            let sorted = touches.sorted { $0.identifier < $1.identifier }
            recognizer.trackedTouches += sorted
            recognizer.seenTouches += sorted
        }
        if let last = touches.first { recognizer.lastLocation = last.locationInWindow }
        switch phase {
        case .began: recognizer.touchesBegan(touches, with: event)
        case .moved, .stationary: recognizer.touchesMoved(touches, with: event)
        case .ended: recognizer.touchesEnded(touches, with: event)
        case .cancelled: recognizer.touchesCancelled(touches, with: event)
        }
    }

    private func deliverToViews(_ changed: [(Touch, Touch.Phase)], event: TouchEvent) {
        if changed.count == 1 {
            let (touch, phase) = changed[0]
            if mayDeliver(touch, phase: phase), let view = touch.view { deliver(set(ofLone: touch), phase: phase, to: view, event: event) }
            return
        }
        for phase in Touch.Phase.allCases where changed.contains(where: { $0.1 == phase }) {
            var deliverable: [Touch] = []
            for (touch, touchPhase) in changed where touchPhase == phase && mayDeliver(touch, phase: phase) { deliverable.append(touch) }
            deliver(deliverable, phase: phase, event: event)
        }
    }

    /// Whether the view gets this phase of the touch now; a phase a recognizer holds back is
    /// held (delaysTouchesBegan, delaysTouchesEnded).
    private func mayDeliver(_ touch: Touch, phase: Touch.Phase) -> Bool {
        if touch.isCancelledForView { return false }
        switch phase {
        case .began:
            if touch.gestureRecognizers.contains(where: { $0.delaysTouchesBegan && $0.state == .possible }) {
                touch.isBeganHeld = true
                heldTouches.append(touch)
                return false
            }
            touch.wasBeganDelivered = true
        case .moved, .stationary:
            if touch.isBeganHeld { return false }
        case .ended:
            if touch.isBeganHeld || touch.gestureRecognizers.contains(where: { $0.delaysTouchesEnded && $0.state == .possible }) {
                touch.isEndedHeld = true
                if !heldTouches.contains(where: { $0 === touch }) { heldTouches.append(touch) }
                return false
            }
        case .cancelled:
            if !touch.wasBeganDelivered { return false }
        }
        return true
    }

    package func deliver(_ touches: [Touch], phase: Touch.Phase, event: TouchEvent) {
        for (view, group) in groupByView(touches) { deliver(group, phase: phase, to: view, event: event) }
    }

    private func deliver(_ touches: Set<Touch>, phase: Touch.Phase, to view: View, event: TouchEvent) {
        switch phase {
        case .began: view.touchesBegan(touches, with: event)
        case .moved, .stationary: view.touchesMoved(touches, with: event)
        case .ended: view.touchesEnded(touches, with: event)
        case .cancelled: view.touchesCancelled(touches, with: event)
        }
    }

    private func groupByView(_ touches: [Touch]) -> [(View, Set<Touch>)] {
        var groups: [(View, Set<Touch>)] = []
        for touch in touches {
            guard let view = touch.view else { continue }
            if let index = groups.firstIndex(where: { $0.0 === view }) {
                groups[index].1.insert(touch)
            } else {
                groups.append((view, [touch]))
            }
        }
        return groups
    }

    /// Cancels every active touch (for example when the window loses the pointer grab).
    func cancelAllTouches(timestamp: Double) {
        let inputs = touchesByIdentifier.values.map {
            TouchInput(identifier: $0.identifier, phase: .cancelled, location: $0.locationInWindow, timestamp: timestamp)
        }
        send(inputs, in: window)
    }

    /// Transform events (trackpad pinch and rotation, wheel zoom) go to the recognizers of the
    /// view under the location that accept them.
    func send(_ event: TransformEvent, in window: Window) {
        if event.phase == .began || transformRecognizers.isEmpty {
            transformRecognizers = []
            var view = window.hitTest(event.location)
            while let v = view {
                transformRecognizers += v.gestureRecognizers.filter { $0.isEnabled && !$0.state.isFinished }
                view = v.superview
            }
        }
        for recognizer in transformRecognizers where !recognizer.state.isFinished {
            joinArena(recognizer)
            recognizer.lastLocation = event.location
            _ = recognizer.handle(event)
        }
        if event.phase == .ended || event.phase == .cancelled { transformRecognizers = [] }
        gestureStateDidChange()
    }

    /// A view left the tree: its touches reach it no more.
    func viewWasRemoved(_ view: View) {
        for touch in touchesByIdentifier.values where touch.view?.isDescendant(of: view) ?? false {
            touch.isCancelledForView = true
        }
    }
}
