/// The end of the responder chain and the owner of time: the clock, timers and animations.
/// The platform's run loop asks it when to wake up and calls `tick` when it does.
open class Application: Responder {
    public let clock: Clock
    public let scheduler: Scheduler
    public let animator: Animator

    public init(clock: Clock = SystemClock()) {
        self.clock = clock
        scheduler = Scheduler(clock: clock)
        animator = Animator(clock: clock)
        super.init()
    }

    /// Runs due timers and advances animations.
    public func tick() {
        scheduler.fireDueTimers()
        animator.tick()
    }

    /// When the run loop should call `tick` next: the next timer, or the next frame while
    /// something animates; nil means sleep until input arrives.
    public func nextWakeUp(frameInterval: Double = 1.0 / 60) -> Double? {
        let frame = animator.isAnimating ? clock.now + frameInterval : nil
        switch (scheduler.nextDeadline, frame) {
        case let (a?, b?): return min(a, b)
        case let (a?, nil): return a
        case let (nil, b?): return b
        default: return nil
        }
    }
}
