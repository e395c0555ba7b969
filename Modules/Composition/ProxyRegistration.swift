import Crypto
public import Foundation
public import PrivateFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a running `errorflow proxy` leaves in its user's state folder so that the app of that user, and only it,
/// can believe it: where it listens, the backend behind it, the process that runs it, and a secret the proxy proves
/// it holds when asked (``proof(of:)``) without ever sending it (docs/decisions/0111).
public struct ProxyRegistration: Codable, Hashable, Sendable {
    /// Where the proxy listens: `http://127.0.0.1:PORT`.
    public var listen: URL
    /// The backend behind it, as `--to` named it.
    public var target: URL
    /// 32 random bytes, hex: the key of ``proof(of:)``.
    public var secret: String
    /// The proxy's process.
    public var pid: Int32

    /// A registration for a proxy of this process in front of `target`, with a new secret; `listen` is set once the
    /// proxy has its port.
    public static func new(target: URL, listen: URL = URL(fileURLWithPath: "/")) -> ProxyRegistration {
        ProxyRegistration(listen: listen, target: target, secret: randomHex(), pid: getpid())
    }

    /// 32 bytes from the system's random source, hex: a secret, or a challenge.
    public static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }
            .joined()
    }

    /// The answer to `challenge` that only a holder of ``secret`` can give: HMAC-SHA256 of the challenge, hex.
    public func proof(of challenge: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(
            for: Data(challenge.utf8), using: SymmetricKey(data: Data(secret.utf8)))
        return code.map { String(format: "%02x", $0) }.joined()
    }

    /// Whether its process still runs (a proxy killed with SIGKILL leaves its registration behind).
    public var isRunning: Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}

/// The registrations of one user's proxies: one file per port, 0600 in a 0700 folder, in the user's state folder.
/// A proxy writes its own when it listens and removes it when it stops; a proxy on the same port later replaces
/// it. The app reads only the one for the port of its base URL.
public struct ProxyRegistry: Sendable {
    /// The folder: `$XDG_STATE_HOME/errorflow/proxies`.
    public let folder: URL
    /// The most bytes a registration file may hold; a larger one is not read.
    public static let fileLimit = 4096

    /// The registry in `folder`.
    public init(folder: URL) {
        self.folder = folder
    }

    /// The file of the proxy listening on `port`.
    public func file(port: Int) -> URL {
        folder.appendingPathComponent("port-\(port).json")
    }

    /// Writes `registration` for the port it listens on, replacing what an earlier proxy there left.
    public func register(_ registration: ProxyRegistration) throws(PrivateFileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(registration)) ?? Data()
        try PrivateFile.write(data, to: file(port: registration.listen.port ?? 80))
    }

    /// The registration of the proxy on `port`, if one is there, private and readable; whether its process still
    /// runs is for the caller to ask.
    public func registration(port: Int) -> ProxyRegistration? {
        guard case .success(let data) = PrivateFile.read(file(port: port), atMost: Self.fileLimit) else { return nil }
        return try? JSONDecoder().decode(ProxyRegistration.self, from: data)
    }

    /// Removes `registration`'s file, unless another proxy on its port has replaced it since.
    public func withdraw(_ registration: ProxyRegistration) {
        let port = registration.listen.port ?? 80
        guard self.registration(port: port)?.secret == registration.secret else { return }
        try? PrivateFile.remove(file(port: port))
    }
}
