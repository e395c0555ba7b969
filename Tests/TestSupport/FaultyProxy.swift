public import Foundation
import SharedError

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP proxy on 127.0.0.1 in front of a real backend, that can lose the backend's answer after the backend has
/// acted on a request: the connection closes with no reply at all, is reset, or is held open without an answer.
/// For what an HTTP server library will not do on purpose (an empty reply, a reset after the request was read).
///
/// Requests pass through one at a time (HTTP/1.1 with `Content-Length` bodies, as the app sends them); each is
/// forwarded on a connection of its own, and the answer is passed back unless a fault was armed for it.
public final class FaultyProxy: Sendable {
    /// What happens to an answer after the backend gave it.
    public enum Fault: Sendable, CustomStringConvertible {
        /// The client's connection closes without a byte of the answer.
        case emptyReply
        /// The client's connection is reset (RST) without a byte of the answer.
        case reset
        /// The answer is held back, and the connection stays open until the proxy stops.
        case hold
        /// Bytes that are not HTTP come back instead of the answer, and the connection closes.
        case notHTTP

        /// How the fault reads in a test's name.
        public var description: String {
            switch self {
            case .emptyReply: "an empty reply"
            case .reset: "a reset connection"
            case .hold: "an answer held back"
            case .notHTTP: "an answer that is not HTTP"
            }
        }
    }

    private let listener: Int32
    private let upstreamPort: UInt16
    private let state = LockedState(State())

    private struct State {
        var armed: [(prefix: String, fault: Fault)] = []
        var connections: Set<Int32> = []
        var stopped = false
        var forwarded: [String] = []
    }

    /// Where clients connect.
    public let baseURL: URL
    /// The port it listens on.
    public var port: Int { baseURL.port ?? 0 }

    /// The full URL of `path` through the proxy.
    public func url(_ path: String) -> URL {
        baseURL.appendingPathComponent(path)
    }

    /// The request lines passed to the backend so far, in order (`POST /v1/transfers HTTP/1.1`).
    public var forwarded: [String] { state.withLock { $0.forwarded } }

    /// Starts a proxy for the backend at `upstream` (an `http://127.0.0.1:port` URL), on `port` if given (the port of
    /// a proxy stopped before: the same origin again), or on a free one.
    public init(upstream: URL, port listening: Int = 0) throws {
        upstreamPort = UInt16(upstream.port ?? 80)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw ProxyError.socket("socket") }
        self.listener = listener
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: UInt16(listening))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 64) == 0 else {
            close(listener)
            throw ProxyError.socket("bind/listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        baseURL = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Makes the next request whose request line starts with `prefix` (`POST /v1/transfers`) end with `fault`,
    /// after the backend has answered it.
    public func failNext(_ prefix: String, with fault: Fault) {
        state.withLock { $0.armed.append((prefix, fault)) }
    }

    /// Forgets the faults armed and not yet used.
    public func disarm() {
        state.withLock { $0.armed.removeAll() }
    }

    /// Closes every connection and stops listening.
    public func stop() {
        let open = state.withLock { state -> Set<Int32> in
            state.stopped = true
            return state.connections
        }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for connection in open { shutdown(connection, Int32(SHUT_RDWR)) }
    }

    // MARK: - Connections

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let accepted = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.connections.insert(client)
                return true
            }
            guard accepted else {
                close(client)
                return
            }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        defer {
            state.withLock { _ = $0.connections.remove(client) }
            close(client)
        }
        var buffer = Data()
        while let request = Self.readMessage(client, buffer: &buffer, isResponse: false) {
            let line = String(decoding: request.prefix { $0 != 13 }, as: UTF8.self)
            let fault = state.withLock { state -> Fault? in
                state.forwarded.append(line)
                guard let index = state.armed.firstIndex(where: { line.hasPrefix($0.prefix) }) else { return nil }
                return state.armed.remove(at: index).fault
            }
            guard let answer = forward(request) else { return }
            switch fault {
            case nil:
                guard Self.writeAll(client, answer) else { return }
            case .emptyReply?:
                return
            case .reset?:
                var option = linger(l_onoff: 1, l_linger: 0)
                setsockopt(client, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
                return
            case .notHTTP?:
                _ = Self.writeAll(client, Data("garbage, not a status line\r\n\r\n".utf8))
                return
            case .hold?:
                var byte: UInt8 = 0
                // Blocks until the client goes away or the proxy stops.
                while recv(client, &byte, 1, 0) > 0 {}
                return
            }
        }
    }

    /// Sends one request to the backend on a connection of its own and returns its whole answer.
    private func forward(_ request: Data) -> Data? {
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard upstream >= 0 else { return nil }
        defer { close(upstream) }
        var address = Self.loopback(port: upstreamPort)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0, Self.writeAll(upstream, request) else { return nil }
        var buffer = Data()
        return Self.readMessage(upstream, buffer: &buffer, isResponse: true)
    }

    // MARK: - Bytes

    /// Reads one HTTP message (head, and a `Content-Length` or chunked body); `nil` when the peer closed first.
    private static func readMessage(_ descriptor: Int32, buffer: inout Data, isResponse: Bool) -> Data? {
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>?
        while headEnd == nil {
            headEnd = buffer.range(of: separator)
            if headEnd == nil, !receive(descriptor, into: &buffer) { return nil }
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[..<headEnd.lowerBound], as: UTF8.self).lowercased()
        let lines = head.split(separator: "\r\n")
        let length =
            lines.first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        let chunked = lines.contains { $0.hasPrefix("transfer-encoding:") && $0.contains("chunked") }
        let bodyStart = headEnd.upperBound
        if chunked {
            let end = Data("0\r\n\r\n".utf8)
            while buffer[bodyStart...].range(of: end) == nil {
                guard receive(descriptor, into: &buffer) else { return nil }
            }
            let stop = buffer[bodyStart...].range(of: end).map(\.upperBound) ?? buffer.endIndex
            defer { buffer.removeSubrange(buffer.startIndex..<stop) }
            return Data(buffer[buffer.startIndex..<stop])
        }
        while buffer.distance(from: bodyStart, to: buffer.endIndex) < length {
            guard receive(descriptor, into: &buffer) else { return isResponse ? Data(buffer) : nil }
        }
        let stop = buffer.index(bodyStart, offsetBy: length)
        defer { buffer.removeSubrange(buffer.startIndex..<stop) }
        return Data(buffer[buffer.startIndex..<stop])
    }

    private static func receive(_ descriptor: Int32, into buffer: inout Data) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    private static func writeAll(_ descriptor: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = send(descriptor, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    private enum ProxyError: Error {
        case socket(String)
    }
}
