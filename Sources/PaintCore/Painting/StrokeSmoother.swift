/// Steadies a freehand line with a pulled string (the "lazy brush" of Krita and of many
/// stabilizers): the line's end follows the pointer only once the pointer is more than the
/// string's length away, and then by just enough to keep it taut. Small tremors inside the
/// string's reach never reach the line; at the end the line catches up to where the pointer
/// stopped. With no string it passes every point through unchanged (no lag).
public struct StrokeSmoother {
    public let stringLength: Double
    /// Where the line's end is.
    public private(set) var position: Point

    public init(start: Point, stringLength: Double) {
        self.stringLength = max(0, stringLength)
        position = start
    }

    /// The pointer moved: the line's new end, or nil when the string is still slack.
    public mutating func follow(_ pointer: Point) -> Point? {
        let dx = pointer.x - position.x, dy = pointer.y - position.y
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance > stringLength else { return nil }
        if stringLength == 0 {
            position = pointer
        } else {
            let pull = (distance - stringLength) / distance
            position = Point(x: position.x + dx * pull, y: position.y + dy * pull)
        }
        return position
    }

    /// The pointer lifted at `pointer`: the line reaches it (nil when it is there already).
    public mutating func finish(at pointer: Point) -> Point? {
        guard pointer != position else { return nil }
        position = pointer
        return pointer
    }
}
