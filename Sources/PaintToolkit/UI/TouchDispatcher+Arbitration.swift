/// Arbitration between gesture recognizers: who may recognize, who must wait for whom, who
/// fails because another won, and what that means for the touches the view sees.
extension TouchDispatcher {
    package func joinArena(_ recognizer: GestureRecognizer) {
        // Stored only when it changes: storing a weak reference forms it anew (every motion event).
        if recognizer.arena !== self { recognizer.arena = self }
        if !arenaRecognizers.contains(where: { $0 === recognizer }) { arenaRecognizers.append(recognizer) }
    }

    package func queueAction(for recognizer: GestureRecognizer) { queuedActions.append(recognizer) }

    /// A recognizer asks to begin (continuous) or to be recognized (discrete).
    package func arbitrate(_ recognizer: GestureRecognizer, wants state: GestureRecognizer.State) {
        let required = recognizer.requiredToFail
        if required.contains(where: { $0.state.isActive }) {
            recognizer.apply(.failed)
            return
        }
        if required.contains(where: { $0.state == .possible && $0.arena === self }) {
            // Wait: it recognizes if and when all of them fail.
            recognizer.pendingRecognition = state
            return
        }
        if recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) == false || !viewsAllowBeginning(recognizer) {
            recognizer.apply(.failed)
            return
        }
        // The first to recognize wins unless both may recognize together.
        for other in arenaRecognizers where other !== recognizer && other.state.isActive && sharesTouches(recognizer, other) {
            if !recognizer.canRecognizeSimultaneously(with: other) {
                recognizer.apply(.failed)
                return
            }
        }
        recognizer.apply(state)
        for other in arenaRecognizers where other !== recognizer && other.state == .possible && sharesTouches(recognizer, other) {
            if !recognizer.canRecognizeSimultaneously(with: other) { other.apply(.failed) }
        }
        if recognizer.cancelsTouchesInView { takeTouchesFromViews(recognizer) }
    }

    /// UIView.gestureRecognizerShouldBegin: the recognizer's own view and the views its touches
    /// hit may refuse it (a button keeps its tap from a tap recognizer on its superview).
    private func viewsAllowBeginning(_ recognizer: GestureRecognizer) -> Bool {
        var asked: [View] = []
        for view in [recognizer.view] + recognizer.seenTouches.map(\.view) {
            guard let view, !asked.contains(where: { $0 === view }) else { continue }
            asked.append(view)
            if !view.gestureRecognizerShouldBegin(recognizer) { return false }
        }
        return true
    }

    /// Recognizers compete only over touches they share (ended ones of the same gesture count:
    /// a tap waiting for its second tap still owns its first), or within one transform sequence.
    private func sharesTouches(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        if a.seenTouches.isEmpty || b.seenTouches.isEmpty {
            let inSequence = { (r: GestureRecognizer) in self.transformRecognizers.contains { $0 === r } }
            return inSequence(a) && inSequence(b)
        }
        return a.seenTouches.contains { touch in b.seenTouches.contains { $0 === touch } }
    }

    /// The view gets touchesCancelled for touches a recognizer claimed; held deliveries are dropped.
    private func takeTouchesFromViews(_ recognizer: GestureRecognizer) {
        var cancelled: [Touch] = []
        for touch in recognizer.seenTouches where !touch.isCancelledForView {
            touch.isCancelledForView = true
            if touch.wasBeganDelivered { cancelled.append(touch) }
            touch.isBeganHeld = false
            touch.isEndedHeld = false
        }
        heldTouches.removeAll { !$0.isBeganHeld && !$0.isEndedHeld }
        if !cancelled.isEmpty {
            deliver(cancelled, phase: .cancelled, event: currentEvent ?? TouchEvent(timestamp: 0, touches: Set(cancelled)))
        }
    }

    /// After touches, transform events or timers: settle waiting recognizers, release held
    /// touches, fire actions, and reset recognizers that are done.
    package func gestureStateDidChange() {
        var progress = true
        while progress {
            progress = false
            for recognizer in arenaRecognizers where recognizer.state == .possible {
                guard let wanted = recognizer.pendingRecognition else { continue }
                let required = recognizer.requiredToFail
                if required.contains(where: { $0.state.isActive }) {
                    recognizer.apply(.failed)
                    progress = true
                } else if required.allSatisfy({ $0.state == .failed || $0.arena == nil }) {
                    recognizer.pendingRecognition = nil
                    arbitrate(recognizer, wants: wanted)
                    progress = true
                }
            }
        }
        releaseHeldTouches()
        let actions = queuedActions
        queuedActions = []
        for recognizer in actions { recognizer.fireActions() }
        // Finished recognizers with no touches left start over.
        for recognizer in arenaRecognizers where recognizer.state.isFinished {
            let touching = touchesByIdentifier.values.contains { touch in recognizer.trackedTouches.contains { $0 === touch } }
            if !touching && !transformRecognizers.contains(where: { $0 === recognizer }) {
                recognizer.resetToPossible()
                recognizer.arena = nil
            }
        }
        arenaRecognizers.removeAll { $0.arena == nil }
        // A recognizer required to fail that starts over counts as failed for its waiters.
        if !queuedActions.isEmpty { gestureStateDidChange() }
    }

    /// Touches held back for recognizers that have now all failed go to the view.
    private func releaseHeldTouches() {
        let held = heldTouches
        guard !held.isEmpty else { return }
        let event = currentEvent ?? TouchEvent(timestamp: 0, touches: Set(held))
        var began: [Touch] = [], ended: [Touch] = []
        for touch in held where !touch.isCancelledForView {
            if touch.isBeganHeld && !touch.gestureRecognizers.contains(where: { $0.delaysTouchesBegan && $0.state == .possible }) {
                touch.isBeganHeld = false
                touch.wasBeganDelivered = true
                began.append(touch)
            }
            if touch.isEndedHeld && !touch.isBeganHeld
                && !touch.gestureRecognizers.contains(where: { $0.delaysTouchesEnded && $0.state == .possible }) {
                touch.isEndedHeld = false
                ended.append(touch)
            }
        }
        heldTouches.removeAll { !$0.isBeganHeld && !$0.isEndedHeld }
        deliver(began, phase: .began, event: event)
        deliver(ended, phase: .ended, event: event)
    }
}
