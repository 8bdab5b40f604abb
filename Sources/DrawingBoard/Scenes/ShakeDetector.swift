/// A real shake of the pointer with no button held, the desktop twin of shaking a phone
/// (摇一摇): five strokes back and forth in a row, each at least 150 points long and faster than
/// 1000 points a second, all within 1.2 seconds. Ordinary motion does not come near it: a user
/// wiggling ±30-50 points to find the pointer, gliding between quick dabs, or a program warping
/// the pointer (a single jump is not a stroke). A pause of 0.1 s or a press starts over.
public struct ShakeDetector {
    public static let minimumStroke = 150.0
    public static let minimumSpeed = 1000.0
    /// Strokes in a row (four reversals).
    public static let strokesNeeded = 5
    public static let window = 1.2
    public static let maximumPause = 0.1

    private struct Stroke {
        var start: Double
        var end: Double
        var length = 0.0
        var samples = 0

        var isShaking: Bool {
            length >= ShakeDetector.minimumStroke && samples >= 2
                && length / max(end - start, 0.001) >= ShakeDetector.minimumSpeed
        }
    }

    private var lastX: Double?
    private var lastTime = -Double.infinity
    private var direction = 0.0
    private var current: Stroke?
    /// The shaking strokes just before the current one, oldest first.
    private var done: [Stroke] = []
    private var cooldownUntil = -Double.infinity

    public init() {}

    /// Starts over (a button was pressed: what follows is not the same motion).
    public mutating func reset() {
        lastX = nil
        direction = 0
        current = nil
        done.removeAll()
    }

    /// Feeds a pointer position; returns true when the motion completes a shake.
    public mutating func add(x: Double, at time: Double) -> Bool {
        if time - lastTime > Self.maximumPause { reset() }
        defer {
            lastX = x
            lastTime = time
        }
        guard let last = lastX else { return false }
        let dx = x - last
        if dx == 0 { return false }
        let sign: Double = dx > 0 ? 1 : -1
        if sign != direction || current == nil {
            if let finished = current {
                if finished.isShaking { done.append(finished) } else { done.removeAll() }
            }
            direction = sign
            current = Stroke(start: lastTime, end: lastTime)
        }
        current!.length += abs(dx)
        current!.samples += 1
        current!.end = time
        // The whole shake, from its first stroke's start, must fit in the window.
        done.removeAll { time - $0.start > Self.window }
        guard done.count >= Self.strokesNeeded - 1, current!.isShaking, time >= cooldownUntil else { return false }
        reset()
        cooldownUntil = time + 1
        return true
    }
}
