/// One-shot timers on the application's clock. The platform's run loop sleeps until
/// `nextDeadline` and then calls `fireDueTimers`.
public final class Scheduler {
    public final class Timer {
        package let deadline: Double
        package let action: () -> Void
        public private(set) var isCancelled = false
        package init(deadline: Double, action: @escaping () -> Void) {
            self.deadline = deadline
            self.action = action
        }
        public func cancel() { isCancelled = true }
    }

    private let clock: Clock
    private var timers: [Timer] = []

    public init(clock: Clock) { self.clock = clock }

    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> Timer {
        let timer = Timer(deadline: clock.now + delay, action: action)
        timers.append(timer)
        return timer
    }

    public var nextDeadline: Double? {
        timers.lazy.filter { !$0.isCancelled }.map(\.deadline).min()
    }

    /// Runs every timer whose deadline has passed, earliest first. Returns whether any ran.
    @discardableResult
    public func fireDueTimers() -> Bool {
        var fired = false
        while true {
            timers.removeAll { $0.isCancelled }
            let now = clock.now
            guard let index = timers.indices.filter({ timers[$0].deadline <= now })
                .min(by: { timers[$0].deadline < timers[$1].deadline }) else { break }
            let timer = timers.remove(at: index)
            timer.action()
            fired = true
        }
        return fired
    }
}
