import Foundation

/// A file's size as the chooser says it: "0 bytes", "1 byte" and "512 bytes" in words (the
/// system formatter's "Zero KB" reads as a rounding), then kB, MB and GB as GTK's chooser
/// shows them (powers of 1000, one decimal).
enum FileSizeText {
    static func text(_ bytes: Int64) -> String {
        if bytes < 1000 { return trn("%d byte", "%d bytes", Int(bytes)) }
        var value = Double(bytes) / 1000, unit = 0
        while value >= 1000 && unit < 2 {
            value /= 1000
            unit += 1
        }
        let number = String(format: "%.1f", value)
        switch unit {
        case 0: return tr("%@ kB", number)
        case 1: return tr("%@ MB", number)
        default: return tr("%@ GB", number)
        }
    }
}
