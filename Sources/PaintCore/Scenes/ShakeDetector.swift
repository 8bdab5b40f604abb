/// A quick left-right-left (or right-left-right) shake of the pointer with no button held:
/// the desktop twin of shaking a phone (摇一摇). Three strokes of at least 40 points, within
/// 0.7 seconds, each made of at least two motion events (a single jump of the pointer, as
/// when a program or a quick move to a button warps it, is not shaking).
public struct ShakeDetector {
    public static let minimumStroke = 40.0
    public static let window = 0.7

    private var lastX: Double?
    private var lastTime = 0.0
    private var direction = 0.0
    private var strokeLength = 0.0
    private var strokeStart = 0.0
    private var strokeSamples = 0
    /// When each long enough stroke before the current one began.
    private var turns: [Double] = []
    private var cooldownUntil = -Double.infinity

    public init() {}

    /// Feeds a pointer position; returns true when the motion completes a shake.
    public mutating func add(x: Double, at time: Double) -> Bool {
        defer {
            lastX = x
            lastTime = time
        }
        guard let last = lastX else { return false }
        let dx = x - last
        if dx == 0 { return false }
        let sign: Double = dx > 0 ? 1 : -1
        if sign == direction {
            strokeLength += abs(dx)
            strokeSamples += 1
        } else {
            if strokeLength >= Self.minimumStroke && strokeSamples >= 2 { turns.append(strokeStart) } else { turns.removeAll() }
            direction = sign
            strokeLength = abs(dx)
            strokeSamples = 1
            strokeStart = lastTime
        }
        // The whole shake, from its first stroke's start, must fit in the window.
        turns.removeAll { time - $0 > Self.window }
        if turns.count >= 2 && strokeLength >= Self.minimumStroke && strokeSamples >= 2 && time >= cooldownUntil {
            turns.removeAll()
            strokeLength = 0
            cooldownUntil = time + 1
            return true
        }
        return false
    }
}
