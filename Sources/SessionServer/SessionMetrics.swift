/// What a session server reports at `/metrics`, in Prometheus's text format: what it serves now,
/// and what it has done since it started.
struct SessionMetrics: Sendable {
    var sessionsOpen = 0
    var connections = 0
    var joins = 0
    var operationsKept = 0
    var droppedTooFarBehind = 0
    var refused = 0
    var snapshots = 0

    var text: String {
        [("x11paint_sessions_open", "gauge", "Sessions with a connection to this server.", sessionsOpen),
         ("x11paint_connections", "gauge", "Clients connected to this server.", connections),
         ("x11paint_joins_total", "counter", "Joins accepted since the server started.", joins),
         ("x11paint_operations_kept_total", "counter", "Operations this server kept since it started.", operationsKept),
         ("x11paint_dropped_too_far_behind_total", "counter", "Connections dropped for reading too slowly.", droppedTooFarBehind),
         ("x11paint_refused_total", "counter", "Connections refused or closed for what they sent.", refused),
         ("x11paint_snapshots_total", "counter", "Snapshots this server made of its sessions' drawings.", snapshots)]
            .map { name, type, help, value in "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n" }
            .joined()
    }
}
