import Foundation

/// Names of saved files: a timestamp, and " - 2", " - 3", ... when a name is taken.
public enum ArtworkFileName {
    public static func make(for date: Date, attempt: Int, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ n: Int?) -> String { n.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        let stamp = "\(c.year ?? 0)-\(two(c.month))-\(two(c.day)) \(two(c.hour))-\(two(c.minute))-\(two(c.second))"
        return attempt <= 1 ? "X11Paint \(stamp).png" : "X11Paint \(stamp) - \(attempt).png"
    }
}
