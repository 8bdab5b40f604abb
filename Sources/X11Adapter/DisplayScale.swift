import CX11Shim
import Foundation

/// How many device pixels make a point: X11PAINT_SCALE when set, else the Xft.dpi resource
/// (96 dpi is 1x, 192 is 2x), rounded to a quarter; 1 without either.
public enum DisplayScale {
    public static func scale(resources: String?, environment: [String: String]) -> Double {
        if let override = environment["X11PAINT_SCALE"].flatMap(Double.init), override >= 0.5, override <= 4 {
            return override
        }
        guard let resources else { return 1 }
        for line in resources.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi",
                  let dpi = Double(parts[1].trimmingCharacters(in: .whitespaces)), dpi > 0 else { continue }
            return min(4, max(1, (dpi / 96 * 4).rounded() / 4))
        }
        return 1
    }

    /// The scale for a connected display.
    static func detect(_ display: OpaquePointer) -> Double {
        let resources = XResourceManagerString(display).map { String(cString: $0) }
        return scale(resources: resources, environment: ProcessInfo.processInfo.environment)
    }
}
