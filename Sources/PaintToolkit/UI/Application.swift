import Foundation

/// The end of the responder chain and the owner of time: the clock, timers and animations,
/// and work handed over from background threads. The platform's run loop sleeps on the
/// display connection and `wakeFileDescriptor`, asks `nextWakeUp` how long it may sleep, and
/// calls `tick` when it wakes.
open class Application: Responder {
    public let clock: Clock
    /// The desktop's clipboard and selections (the platform sets it; nil: none, as in tests).
    public var pasteboard: Pasteboard?
    public let scheduler: Scheduler
    public let animator: Animator
    /// Readable when background work has posted something for the UI thread.
    public let wakeFileDescriptor: Int32
    /// Written to (a byte) to wake the run loop from another thread or a signal handler.
    public let wakeWriteDescriptor: Int32
    private let postedLock = NSLock()
    private var posted: [() -> Void] = []

    public init(clock: Clock = SystemClock()) {
        self.clock = clock
        scheduler = Scheduler(clock: clock)
        animator = Animator(clock: clock)
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        }
        wakeFileDescriptor = fds[0]
        wakeWriteDescriptor = fds[1]
        super.init()
    }

    deinit {
        close(wakeFileDescriptor)
        close(wakeWriteDescriptor)
    }

    /// Runs `block` on the UI thread at the next tick; safe to call from any thread.
    public func post(_ block: @escaping () -> Void) {
        postedLock.lock()
        posted.append(block)
        postedLock.unlock()
        var byte: UInt8 = 1
        _ = write(wakeWriteDescriptor, &byte, 1)
    }

    /// Runs posted work and due timers, and advances animations.
    public func tick() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeFileDescriptor, &buffer, buffer.count) > 0 {}
        postedLock.lock()
        let work = posted
        posted = []
        postedLock.unlock()
        for block in work { block() }
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
