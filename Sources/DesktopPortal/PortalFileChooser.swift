import CDBus
import Foundation
import PaintGraphics
import PaintToolkit

/// The desktop's file dialog through the XDG Desktop Portal (org.freedesktop.portal.FileChooser,
/// as Flatpak apps, Firefox and Chromium use it on GNOME and KDE), on a session bus connection
/// the run loop polls: nothing here waits. A request is the OpenFile or SaveFile call; its
/// answer is the Response signal on the request object the call returns, which the app
/// subscribes to before calling (the portal's documented way to not miss a quick answer).
public final class PortalFileChooser: FileChooser {
    /// How long the portal has to take a request before the app's own chooser is shown (a bare
    /// window manager may have a session bus and no portal behind it, or one that hangs).
    public static let answerTimeout = 1.0
    static let portalName = "org.freedesktop.portal.Desktop"

    private let address: String?
    private var connection: OpaquePointer?
    private let schedule: (Double, @escaping () -> Void) -> Void
    /// The X window the dialog belongs to ("x11:<hex id>"), so it opens over the app.
    public var parentWindow = ""
    private var nextToken = 0
    private var matching = false
    /// Requests waiting for the bus's Hello (the request path needs the connection's name).
    private var beforeHello: [PortalRequest] = []
    private var requests: [PortalRequest] = []

    /// The session bus's address from the environment (DBUS_SESSION_BUS_ADDRESS, else the
    /// systemd user bus's socket in XDG_RUNTIME_DIR); nil when there is neither.
    public static func sessionBusAddress(environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        if let runtime = environment["XDG_RUNTIME_DIR"], FileManager.default.fileExists(atPath: runtime + "/bus") { return "unix:path=" + runtime + "/bus" }
        return nil
    }

    /// A chooser for the bus at `address`, connected with its first request; without a bus
    /// it answers every request `unavailable` at once.
    public init(address: String?, schedule: @escaping (Double, @escaping () -> Void) -> Void) {
        self.address = address
        self.schedule = schedule
    }

    deinit { cdbus_close(connection) }

    /// Connects if not connected (no waiting: the greeting runs through `pump`). Not at start:
    /// libdbus, and libsystemd and libgcrypt under it, are opened then (0.7 MB resident that a
    /// user who never opens a file dialog does not need); and a bus that went away is tried
    /// again with the next request.
    private func connect() -> Bool {
        if connection != nil { return true }
        guard let address else { return false }
        var error = [CChar](repeating: 0, count: 256)
        connection = cdbus_open(address, &error, error.count)
        fileDescriptor = connection.map { cdbus_fd($0) }.flatMap { $0 >= 0 ? $0 : nil }
        if connection == nil { Log.info("no session bus at \(address): \(String(cString: error)); the app's own file chooser serves") }
        return connection != nil
    }

    /// The socket for the run loop to poll (nil: not connected), asked of libdbus once a
    /// connection is made: the loop reads it every time it goes to sleep.
    public private(set) var fileDescriptor: Int32?
    /// Whether the run loop should wake when the socket can take more.
    public var wantsWrite: Bool { connection.map { cdbus_wants_write($0) != 0 } ?? false }

    /// Reads and writes what the socket allows and handles what came.
    public func pump() {
        guard let connection else { return }
        let alive = cdbus_pump(connection) == 0
        handleReadMessages()
        if !alive { lose("the session bus went away") }
    }

    /// Handles every message libdbus has read, including those read while a call was being
    /// written: those are in its buffer, and the socket will not wake the run loop for them.
    private func handleReadMessages() {
        guard let connection else { return }
        var message = cdbus_message()
        while cdbus_next(connection, &message) == 1 {
            handle(message)
            cdbus_message_free(&message)
            if beforeHello.count > 0, cdbus_unique_name(connection) != nil {
                let waiting = beforeHello
                beforeHello = []
                waiting.forEach(send)
            }
        }
    }

    public func choose(_ request: FileChooserRequest, answer: @escaping (FileChooserAnswer) -> Void) {
        guard connect() else { return answer(.unavailable("no session bus")) }
        nextToken += 1
        let pending = PortalRequest(request: request, token: "x11paint\(ProcessInfo.processInfo.processIdentifier)_\(nextToken)", answer: answer)
        requests.append(pending)
        schedule(Self.answerTimeout) { [weak self, weak pending] in
            guard let self, let pending, !pending.isTaken, !pending.isAnswered else { return }
            self.finish(pending, .unavailable("the portal did not answer within \(Self.answerTimeout) s"))
        }
        if let connection, cdbus_unique_name(connection) != nil { send(pending) } else { beforeHello.append(pending) }
        handleReadMessages()
    }

    private func send(_ pending: PortalRequest) {
        guard let connection, let name = cdbus_unique_name(connection).map({ String(cString: $0) }) else { return }
        if !matching {
            matching = cdbus_add_match(connection, "type='signal',sender='\(Self.portalName)',interface='org.freedesktop.portal.Request',member='Response'") != 0
        }
        // The request object's path the portal will use (its documented form), known before the
        // call so a Response that comes before the call's answer is not missed.
        let sender = name.dropFirst(name.hasPrefix(":") ? 1 : 0).replacingOccurrences(of: ".", with: "_")
        pending.paths.insert("/org/freedesktop/portal/desktop/request/\(sender)/\(pending.token)")
        let request = pending.request
        let names = request.filters.map(\.name), patterns = request.filters.map { $0.patterns.joined(separator: ";") }
        pending.serial = withCStrings(names) { namePointers in
            withCStrings(patterns) { patternPointers in
                cdbus_file_chooser(connection, request.kind == .save ? 1 : 0, parentWindow, request.title, pending.token, request.acceptLabel,
                                   request.currentName ?? "", request.currentFolder ?? "", Int32(names.count), namePointers, patternPointers,
                                   Int32(request.currentFilter ?? -1))
            }
        }
        if pending.serial == 0 { finish(pending, .unavailable("the portal call could not be made")) }
    }

    private func handle(_ message: cdbus_message) {
        let text = message.text.map { String(cString: $0) }
        switch Int32(message.kind) {
        case Int32(CDBUS_RETURN.rawValue):
            guard let pending = requests.first(where: { $0.serial == message.reply_serial && $0.serial != 0 }) else { return }
            pending.isTaken = true
            if let path = text { pending.paths.insert(path) }
            // Given up on already (no answer in time): the dialog it opened late is closed.
            if pending.isAnswered {
                if let connection, let path = text { _ = cdbus_close_request(connection, path) }
                requests.removeAll { $0 === pending }
            }
        case Int32(CDBUS_ERROR.rawValue):
            guard let pending = requests.first(where: { $0.serial == message.reply_serial && $0.serial != 0 }) else { return }
            pending.isTaken = true
            finish(pending, .unavailable(text ?? "the portal failed"))
            requests.removeAll { $0 === pending }
        case Int32(CDBUS_RESPONSE.rawValue):
            let path = message.path.map { String(cString: $0) } ?? ""
            guard let pending = requests.first(where: { $0.paths.contains(path) }) else { return }
            let uris = message.uris.map { String(cString: $0).split(separator: "\n").map(String.init) } ?? []
            let filter = message.filter.map { String(cString: $0) }
            finish(pending, Self.answer(code: message.code, uris: uris, filter: filter))
        default: break
        }
    }

    /// What a Response means: 0 the user chose (a local file, or something the app cannot
    /// use); 1 the user cancelled, and 2, the dialog "ended in some other way", is how GTK's
    /// says Escape or its window's close button: the user's no too, not a dialog to replace.
    static func answer(code: UInt32, uris: [String], filter: String?) -> FileChooserAnswer {
        switch code {
        case 0:
            guard let first = uris.first else { return .unavailable("the portal answered without a file") }
            guard let url = URL(string: first), url.isFileURL, !url.path.isEmpty else {
                return .unusable(tr("The chosen file is not on this computer (%@): save or copy it to a folder here first", first))
            }
            return .chosen(path: url.path, filter: filter)
        case 1, 2: return .cancelled
        default: return .unavailable("the portal ended the dialog (response \(code))")
        }
    }

    private func finish(_ pending: PortalRequest, _ answer: FileChooserAnswer) {
        guard !pending.isAnswered else { return }
        pending.isAnswered = true
        // One given up on before the portal took it stays listed: its late answer closes the
        // dialog it opened.
        if pending.isTaken || pending.serial == 0 { requests.removeAll { $0 === pending } }
        if case .unavailable(let reason) = answer { Log.info("the desktop's file chooser: \(reason); the app's own serves") }
        pending.answer(answer)
    }

    /// The bus is gone: every request waiting is answered `unavailable`; a later one connects
    /// again, or is answered at once.
    private func lose(_ reason: String) {
        cdbus_close(connection)
        connection = nil
        fileDescriptor = nil
        matching = false
        let waiting = requests + beforeHello
        requests = []
        beforeHello = []
        for pending in waiting { finish(pending, .unavailable(reason)) }
    }

    private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}
