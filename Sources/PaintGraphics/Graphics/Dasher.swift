/// Cuts polylines into dashes: alternating on and off lengths, starting `phase` into the pattern.
public enum Dasher {
    /// A million repeats: a 4K canvas's outline in one-pixel dashes is a few thousand.
    static let mostRepeats = 1e6

    public static func dash(_ polylines: [Polyline], pattern: [Double], phase: Double) -> [Polyline] {
        let pattern = pattern.map { max(0, $0) }
        let total = pattern.reduce(0, +)
        guard !pattern.isEmpty, total > 0 else { return polylines }
        // An odd-length pattern repeats twice so on and off alternate (as in SVG).
        let lengths = pattern.count % 2 == 1 ? pattern + pattern : pattern
        // A pattern repeated more than this along the outline is drawn solid: a damaged figure
        // reaching 1e20 pixels away (or dashes of 1e-300) would be cut for ever, and a cut too
        // small beside what is left of a segment makes no progress at all.
        let length = polylines.reduce(0) { $0 + Self.length(of: $1) }
        guard length.isFinite, length / total <= Self.mostRepeats else { return polylines }
        var result: [Polyline] = []
        for polyline in polylines {
            var points = polyline.points
            if polyline.isClosed, let first = points.first { points.append(first) }
            guard points.count > 1 else { continue }
            // Position in the pattern from the phase.
            var index = 0
            var remaining = lengths[0]
            var offset = phase.truncatingRemainder(dividingBy: lengths.reduce(0, +))
            if offset < 0 { offset += lengths.reduce(0, +) }
            while offset > 0 {
                if offset >= remaining {
                    offset -= remaining
                    index = (index + 1) % lengths.count
                    remaining = lengths[index]
                } else {
                    remaining -= offset
                    offset = 0
                }
            }
            var current: [Point] = index % 2 == 0 ? [points[0]] : []
            for i in 1..<points.count {
                var a = points[i - 1]
                let b = points[i]
                var segmentLeft = a.distance(to: b)
                while segmentLeft > 0 {
                    if remaining > segmentLeft {
                        remaining -= segmentLeft
                        if index % 2 == 0 { current.append(b) }
                        segmentLeft = 0
                    } else {
                        let t = remaining / segmentLeft
                        let cut = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                        segmentLeft -= remaining
                        a = cut
                        if index % 2 == 0 {
                            current.append(cut)
                            if current.count > 1 { result.append(Polyline(points: current, isClosed: false)) }
                            current = []
                        } else {
                            current = [cut]
                        }
                        index = (index + 1) % lengths.count
                        remaining = lengths[index]
                    }
                }
            }
            if index % 2 == 0 && current.count > 1 { result.append(Polyline(points: current, isClosed: false)) }
        }
        return result
    }

    /// The polyline's length, its closing segment included.
    private static func length(of polyline: Polyline) -> Double {
        var points = polyline.points
        if polyline.isClosed, let first = points.first { points.append(first) }
        return zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }
}
