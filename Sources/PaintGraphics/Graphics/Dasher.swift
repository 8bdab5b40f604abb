/// Cuts polylines into dashes: alternating on and off lengths, starting `phase` into the pattern.
public enum Dasher {
    public static func dash(_ polylines: [Polyline], pattern: [Double], phase: Double) -> [Polyline] {
        let pattern = pattern.map { max(0, $0) }
        let total = pattern.reduce(0, +)
        guard !pattern.isEmpty, total > 0 else { return polylines }
        // An odd-length pattern repeats twice so on and off alternate (as in SVG).
        let lengths = pattern.count % 2 == 1 ? pattern + pattern : pattern
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
}
