import Foundation
import PaintGraphics

/// An invitation to a session, as a link: `x11paint://HOST:PORT/SESSION#KEY` (`x11paints://`
/// for a server with TLS). The key is the fragment, which a browser or a log never sends on.
public struct SessionInvitation: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var session: String
    public var key: String
    public var secure = false

    public init(host: String, port: Int, session: String, key: String, secure: Bool = false) {
        self.host = host
        self.port = port
        self.session = session
        self.key = key
        self.secure = secure
    }

    /// Reads a link; nil when it is not an invitation (the reason is for the user: `problem(with:)`).
    public init?(link: String) {
        guard case .success(let invitation) = Self.parse(link) else { return nil }
        self = invitation
    }

    /// Why `link` is not an invitation (nil: it is one).
    public static func problem(with link: String) -> String? {
        if case .failure(let problem) = parse(link) { return problem.description }
        return nil
    }

    public var description: String { "\(secure ? "x11paints" : "x11paint")://\(hostInLink):\(port)/\(session)#\(key)" }

    /// The WebSocket address the client connects to.
    public var webSocketURL: String { "\(secure ? "wss" : "ws")://\(hostInLink):\(port)/session" }

    private var hostInLink: String { host.contains(":") ? "[\(host)]" : host }

    private struct Problem: Error, CustomStringConvertible { var description: String }

    private static func parse(_ text: String) -> Result<SessionInvitation, Problem> {
        let link = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let secure: Bool
        var rest: Substring
        if link.hasPrefix("x11paint://") {
            secure = false
            rest = link.dropFirst("x11paint://".count)
        } else if link.hasPrefix("x11paints://") {
            secure = true
            rest = link.dropFirst("x11paints://".count)
        } else {
            return .failure(Problem(description: tr("an invitation starts with x11paint://")))
        }
        guard let hash = rest.firstIndex(of: "#") else { return .failure(Problem(description: tr("the invitation has no key (the part after #)"))) }
        let key = String(rest[rest.index(after: hash)...])
        rest = rest[..<hash]
        guard let slash = rest.firstIndex(of: "/") else { return .failure(Problem(description: tr("the invitation names no session"))) }
        let session = String(rest[rest.index(after: slash)...])
        let address = rest[..<slash]
        let host: Substring, portText: Substring
        if address.hasPrefix("["), let close = address.firstIndex(of: "]") {
            host = address[address.index(after: address.startIndex)..<close]
            portText = address[address.index(after: close)...].drop { $0 == ":" }
        } else if let colon = address.lastIndex(of: ":") {
            host = address[..<colon]
            portText = address[address.index(after: colon)...]
        } else {
            return .failure(Problem(description: tr("the invitation names no port")))
        }
        guard !host.isEmpty, let port = Int(portText), (1...65535).contains(port) else {
            return .failure(Problem(description: tr("the invitation's address is not HOST:PORT")))
        }
        // TLS names the server it checks (SNI), and an address is no name.
        if secure && (host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }) {
            return .failure(Problem(description: tr("a secure invitation (x11paints://) names its server by host name, not by address")))
        }
        let isName: (Character) -> Bool = { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        guard !session.isEmpty, session.count <= 64, session.allSatisfy(isName) else { return .failure(Problem(description: tr("the invitation's session name is not one"))) }
        guard key.count == 32, key.allSatisfy(\.isHexDigit) else { return .failure(Problem(description: tr("the invitation's key is not 32 hexadecimal digits"))) }
        return .success(SessionInvitation(host: String(host), port: port, session: session, key: key, secure: secure))
    }
}
