#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback port that refuses every connection: a TCP socket bound to 127.0.0.1 at that port, which never listens.
/// While it is held no server can take the port, so a backend made unreachable by stopping it stays unreachable (a
/// port just freed may otherwise be handed to the next server that asks for any port). The port is let go when the
/// value is.
public final class RefusedPort: Sendable {
    /// The port held.
    public let port: Int
    private let descriptor: Int32

    /// Holds `port` on 127.0.0.1, or a free port the system chooses for 0 (a port whose server just stopped, its
    /// closed connections still waiting out their time, can be held). Throws
    /// ``LoopbackHostError/couldNotBind(port:reason:)`` when something else has it.
    public init(holding port: Int) throws(LoopbackHostError) {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw .couldNotBind(port: port, reason: "no socket") }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            close(descriptor)
            throw .couldNotBind(port: port, reason: "the port is in use")
        }
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
