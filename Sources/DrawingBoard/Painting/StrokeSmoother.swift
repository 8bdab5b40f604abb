/// Steadies a freehand line with a pulled string (the "lazy brush" of Krita and of many
/// stabilizers): the line's end follows the pointer only once the pointer is more than the
/// string's length away, and then by just enough to keep it taut. Small tremors inside the
/// string's reach never reach the line; at the end the line catches up to where the pointer
/// stopped. With no string it passes every point through unchanged (no lag).
///
/// The string's end alone moves in short steps whose direction swings with each tremor: a
/// polyline zig-zagging by half a pixel every few pixels, which a wide pen drew as a beaded
/// edge (one bump per input sample). So the line follows the string's end through a second,
/// gentle filter (an exponential average of its steps), as Krita's stabiliser averages its
/// samples: the swings cancel and the line is as smooth as the hand meant it.
public struct StrokeSmoother {
    public let stringLength: Double
    /// Where the string's end is.
    public private(set) var pulled: Point
    /// Where the line's end is.
    public private(set) var position: Point
    /// How much of the way to the string's end the line goes at each step.
    static let following = 0.3

    public init(start: Point, stringLength: Double) {
        self.stringLength = max(0, stringLength)
        pulled = start
        position = start
    }

    /// The pointer moved: the line's new end, or nil when the string is still slack.
    public mutating func follow(_ pointer: Point) -> Point? {
        let dx = pointer.x - pulled.x, dy = pointer.y - pulled.y
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance > stringLength else { return nil }
        if stringLength == 0 {
            pulled = pointer
            position = pointer
        } else {
            let pull = (distance - stringLength) / distance
            pulled = Point(x: pulled.x + dx * pull, y: pulled.y + dy * pull)
            position = Point(x: position.x + (pulled.x - position.x) * Self.following, y: position.y + (pulled.y - position.y) * Self.following)
        }
        return position
    }

    /// The pointer lifted at `pointer`: the line reaches it (nil when it is there already).
    public mutating func finish(at pointer: Point) -> Point? {
        guard pointer != position else { return nil }
        pulled = pointer
        position = pointer
        return pointer
    }
}
