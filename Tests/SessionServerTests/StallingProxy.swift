import Foundation

/// A TCP proxy on loopback that can stop forwarding without closing anything, as a network
/// that hangs does (a sleeping laptop, a dead Wi-Fi): bytes wait, nothing is lost or refused.
final class StallingProxy: @unchecked Sendable {
    let port: Int
    private let target: Int
    private let listener: Int32
    private let lock = NSLock()
    private var stalled = false
    private var closed = false

    init(to target: Int) throws {
        self.target = target
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        guard bound, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops or resumes forwarding, both ways, on every connection.
    var isStalled: Bool {
        get { lock.withLock { stalled } }
        set { lock.withLock { stalled = newValue } }
    }

    func close() {
        lock.withLock { closed = true }
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
    }

    private func acceptLoop() {
        while !lock.withLock({ closed }) {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(target).bigEndian
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            guard connected else {
                Glibc.close(client)
                Glibc.close(server)
                continue
            }
            Thread.detachNewThread { [self] in pump(from: client, to: server) }
            Thread.detachNewThread { [self] in pump(from: server, to: client) }
        }
    }

    /// Copies bytes one way; while stalled it reads nothing more and holds what it read.
    private func pump(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            while isStalled { usleep(10_000) }
            let count = read(source, &buffer, buffer.count)
            guard count > 0 else { break }
            while isStalled { usleep(10_000) }
            var sent = 0
            while sent < count {
                let wrote = buffer[sent..<count].withUnsafeBytes { write(destination, $0.baseAddress, count - sent) }
                guard wrote > 0 else { break }
                sent += wrote
            }
        }
        shutdown(destination, Int32(SHUT_WR))
    }
}
