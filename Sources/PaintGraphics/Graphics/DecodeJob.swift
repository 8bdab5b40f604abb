import CImageCodecs

/// A picture being decoded on another thread: the decoder writes how far it got, and stops at
/// the next row once cancelled. The UI thread reads `progress` and calls `cancel()`; the
/// counters are single words the C decoder polls, so neither side ever waits for the other.
public final class DecodeJob: @unchecked Sendable {
    let state: UnsafeMutablePointer<codecs_job>

    public init() {
        state = .allocate(capacity: 1)
        state.initialize(to: codecs_job(cancelled: 0, progress: 0, consumed: 0))
    }

    deinit { state.deallocate() }

    /// 0 to 1.
    public var progress: Double { state.pointee.progress }
    /// Bytes of the file the decoder has looked at (PNG).
    public var bytesRead: Int { state.pointee.consumed }
    public var isCancelled: Bool { state.pointee.cancelled != 0 }
    public func cancel() { state.pointee.cancelled = 1 }
}
