/// Animations of alpha, frame and transform over a duration, driven by the application's
/// clock. Changes made inside `animate`'s block are recorded, put back, and then interpolated
/// on every `tick` until they arrive; the completion runs when all of them have.
public final class Animator {
    public enum Curve: Sendable {
        case linear, easeInOut

        package func apply(_ t: Double) -> Double {
            switch self {
            case .linear: return t
            case .easeInOut: return t * t * (3 - 2 * t)
            }
        }
    }

    package enum Change {
        case alpha(from: Double, to: Double)
        case center(from: Point, to: Point)
        case size(from: Size, to: Size)
        case transform(from: AffineTransform, to: AffineTransform)

        package var key: Int {
            switch self {
            case .alpha: return 0
            case .center: return 1
            case .size: return 2
            case .transform: return 3
            }
        }

        package func merged(with later: Change) -> Change {
            switch (self, later) {
            case (.alpha(let a, _), .alpha(_, let b)): return .alpha(from: a, to: b)
            case (.center(let a, _), .center(_, let b)): return .center(from: a, to: b)
            case (.size(let a, _), .size(_, let b)): return .size(from: a, to: b)
            case (.transform(let a, _), .transform(_, let b)): return .transform(from: a, to: b)
            default: return later
            }
        }
    }

    private final class Transaction {
        package var changes: [(View, Change)] = []
        package var remaining = 0
        package var finished = true
        package let completion: ((Bool) -> Void)?
        package init(completion: ((Bool) -> Void)?) { self.completion = completion }
    }

    private struct Running {
        package let view: View
        package let change: Change
        package let start: Double
        package let duration: Double
        package let curve: Curve
        package let transaction: Transaction
    }

    /// Transactions whose animation blocks are running now (the toolkit runs on one thread).
    nonisolated(unsafe) private static var recording: [Transaction] = []
    private let clock: Clock
    private var running: [Running] = []
    private var completed: [Transaction] = []

    public init(clock: Clock) { self.clock = clock }

    public var isAnimating: Bool { !running.isEmpty }

    package static func record(_ view: View, _ change: Change) {
        recording.last?.changes.append((view, change))
    }

    /// Animates the changes `animations` makes to views' alpha, frame, center and transform.
    public func animate(duration: Double, delay: Double = 0, curve: Curve = .easeInOut,
                        animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let transaction = Transaction(completion: completion)
        Self.recording.append(transaction)
        animations()
        Self.recording.removeLast()
        // One animation per view and property, from the first value to the last.
        var merged: [(View, Change)] = []
        for (view, change) in transaction.changes {
            if let index = merged.firstIndex(where: { $0.0 === view && $0.1.key == change.key }) {
                merged[index].1 = merged[index].1.merged(with: change)
            } else {
                merged.append((view, change))
            }
        }
        transaction.changes = []
        if merged.isEmpty || duration <= 0 {
            completion?(true)
            return
        }
        let start = clock.now + delay
        for (view, change) in merged {
            // A new animation of the same property replaces the old one.
            for old in running where old.view === view && old.change.key == change.key {
                old.transaction.finished = false
                finishOne(old.transaction)
            }
            running.removeAll { $0.view === view && $0.change.key == change.key }
            Self.apply(change, at: 0, to: view)
            running.append(Running(view: view, change: change, start: start, duration: duration, curve: curve,
                                   transaction: transaction))
            transaction.remaining += 1
        }
    }

    /// Moves every animation to the clock's current time and runs completions that are due.
    public func tick() {
        let now = clock.now
        var stillRunning: [Running] = []
        var done: [Running] = []
        for animation in running {
            let t = min(1, max(0, (now - animation.start) / animation.duration))
            Self.apply(animation.change, at: animation.curve.apply(t), to: animation.view)
            if t >= 1 { done.append(animation) } else { stillRunning.append(animation) }
        }
        running = stillRunning
        for animation in done { finishOne(animation.transaction) }
        let ready = completed
        completed = []
        for transaction in ready { transaction.completion?(transaction.finished) }
    }

    private func finishOne(_ transaction: Transaction) {
        transaction.remaining -= 1
        if transaction.remaining == 0 { completed.append(transaction) }
    }

    private static func apply(_ change: Change, at t: Double, to view: View) {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        switch change {
        case .alpha(let a, let b): view.alpha = mix(a, b)
        case .center(let a, let b): view.center = Point(x: mix(a.x, b.x), y: mix(a.y, b.y))
        case .size(let a, let b): view.bounds.size = Size(width: mix(a.width, b.width), height: mix(a.height, b.height))
        case .transform(let a, let b):
            view.transform = AffineTransform(a: mix(a.a, b.a), b: mix(a.b, b.b), c: mix(a.c, b.c), d: mix(a.d, b.d),
                                             tx: mix(a.tx, b.tx), ty: mix(a.ty, b.ty))
        }
    }
}

extension View {
    /// Animates changes to views through this view's window's animator; without a window the
    /// changes simply happen.
    public func animate(duration: Double, delay: Double = 0, curve: Animator.Curve = .easeInOut,
                        animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        guard let animator = window?.application.animator else {
            animations()
            completion?(true)
            return
        }
        animator.animate(duration: duration, delay: delay, curve: curve, animations: animations, completion: completion)
    }
}
