/// How much of a pixel a disc narrower than a pixel's diagonal covers: the round ends and
/// joins of thin strokes. Their edge curves too much within one pixel for the straight-edge
/// area the capsule kernel uses elsewhere (that tangent line overstates a radius-0.5 disc's
/// coverage by up to a sixth of a pixel), so the area is tabulated once, by integration, over
/// the disc's radius, the distance from its centre to the pixel's and the direction between
/// them.
@usableFromInline package enum SmallDiscCoverage {
    /// Radii from 0.5 (the thinnest stroke's footprint) to half a pixel diagonal.
    @usableFromInline package static let radiusCount = 8
    @usableFromInline package static let smallestRadius: Float = 0.5
    @usableFromInline package static let radiusStep: Float = (Float(0.5 * 2.0.squareRoot()) - 0.5) / Float(radiusCount - 1)
    /// Distances from the pixel centre to the disc's, 0 to 1.5 pixels.
    @usableFromInline package static let distanceCount = 49
    @usableFromInline package static let distanceStep: Float = 1.0 / 32
    /// Directions folded into the first octant, indexed by their slope 0...1.
    @usableFromInline package static let slopeCount = 9

    /// The table for the nearest tabulated radius (slope x distance).
    package static func slice(forRadius radius: Double) -> UnsafePointer<Float> {
        let index = Int(((Float(radius) - smallestRadius) / radiusStep).rounded())
        return UnsafePointer(table + min(max(index, 0), radiusCount - 1) * slopeCount * distanceCount)
    }

    /// Coverage of four pixels: distance to the disc centre and the direction's slope
    /// (min / max of its components, 0...1), linear in the distance.
    @inlinable @inline(__always)
    package static func coverage(slice: UnsafePointer<Float>, distance: SIMD4<Float>, slope: SIMD4<Float>) -> SIMD4<Float> {
        var result = SIMD4<Float>()
        for lane in 0..<4 {
            let position = min(max(distance[lane], 0), Float(distanceCount - 1) * distanceStep) / distanceStep
            let below = min(Int(position), distanceCount - 2)
            let fraction = position - Float(below)
            let row = min(Int(slope[lane] * Float(slopeCount - 1) + 0.5), slopeCount - 1) * distanceCount + below
            result[lane] = slice[row] + (slice[row + 1] - slice[row]) * fraction
        }
        return result
    }

    /// radius x slope x distance, built on first use and kept for the life of the process (a
    /// plain pointer: the kernel reads it for every group of a thin stroke).
    package static let table: UnsafeMutablePointer<Float> = {
        var values: [Float] = []
        values.reserveCapacity(radiusCount * slopeCount * distanceCount)
        for r in 0..<radiusCount {
            let radius = Double(smallestRadius + Float(r) * radiusStep)
            for s in 0..<slopeCount {
                let slope = Double(s) / Double(slopeCount - 1)
                let norm = (1 + slope * slope).squareRoot()
                for d in 0..<distanceCount {
                    let distance = Double(d) * Double(distanceStep)
                    values.append(Float(area(radius: radius, centerX: distance / norm, centerY: distance * slope / norm)))
                }
            }
        }
        let storage = UnsafeMutablePointer<Float>.allocate(capacity: values.count)
        storage.initialize(from: values, count: values.count)
        return storage
    }()

    /// The area of the unit pixel centred at (centerX, centerY) inside the disc of `radius`
    /// at the origin: the chord lengths of 256 columns, summed (midpoint rule).
    package static func area(radius: Double, centerX: Double, centerY: Double) -> Double {
        let columns = 256
        var total = 0.0
        for i in 0..<columns {
            let x = centerX - 0.5 + (Double(i) + 0.5) / Double(columns)
            let halfChord = radius * radius - x * x
            if halfChord <= 0 { continue }
            let h = halfChord.squareRoot()
            total += max(0, min(centerY + 0.5, h) - max(centerY - 0.5, -h))
        }
        return total / Double(columns)
    }
}
