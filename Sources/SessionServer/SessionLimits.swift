/// What one connection may cost the server: how many live operations may wait for a slow
/// reader before it is dropped (to join again from the store), and how many operations a client
/// may send at once and then per second; and how many operations a session's log holds beyond
/// its snapshot before the server folds them into a new one.
public struct SessionLimits: Sendable {
    public var liveBacklog: Int
    public var burst: Int
    public var perSecond: Int
    public var foldEvery: Int

    /// A backlog of 4096 operations (a few megabytes of strokes); a burst of 2000 (what a
    /// reconnection resends after a long time away) and 500 a second, far above any person's.
    /// A fold every 10,000 operations: a joiner gets one drawing and at most that many after it.
    public init(liveBacklog: Int = 4096, burst: Int = 2000, perSecond: Int = 500, foldEvery: Int = 10_000) {
        self.liveBacklog = liveBacklog
        self.burst = burst
        self.perSecond = perSecond
        self.foldEvery = foldEvery
    }
}
