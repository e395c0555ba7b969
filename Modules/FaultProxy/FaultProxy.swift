import AsyncHTTPClient
import FaultInjection
public import Foundation
import Hummingbird
public import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fault-injecting HTTP proxy on a loopback address in front of one backend (`errorflow proxy`).
///
/// - Every request is forwarded to the target (its path appended to the target's base path), bodies streamed both
///   ways with backpressure, so memory stays bounded whatever their size; redirects are passed back, not followed.
/// - A share of the requests (``Settings/rate``) that ``Settings/rules`` allows faults on gets one, drawn from the
///   seed per route (``FaultLog``); each injected fault is recorded and handed to `onFault` once, and
///   `GET /_proxy/faults` lists them. A fault is recorded only when the client got it.
/// - `GET /_proxy/target` names the backend behind it, with the proof of the challenge it was asked
///   (``Settings/proof``), so the app keys its session, journal and outbox by that backend; neither `/_proxy/`
///   path is ever faulted or forwarded.
/// - A target that cannot be reached, or gives no answer head within ``Settings/targetTimeout``, is answered 502 or
///   504 with the contract's error body; one that stalls mid-body has its answer cut (the connection closes).
/// - It listens on a loopback address only; anything else is refused before a socket is opened.
public final class FaultProxy: Sendable {
    /// What the proxy forwards to and injects.
    public struct Settings: Sendable {
        /// The backend: http(s), host, port and base path.
        public var target: URL
        /// The faults each route may get.
        public var rules: FaultRules
        /// The share of the requests with allowed faults that get one, 0…1.
        public var rate: Double
        /// Seeds the draw.
        public var seed: UInt64
        /// How long a `slow` answer is held back.
        public var slowDelay: Duration
        /// The longest wait for the target's answer head, and the longest silence within its body.
        public var targetTimeout: Duration
        /// A PEM file of certificates trusted for the target besides the system's (a staging backend's own CA).
        public var caFile: String?
        /// How it answers the challenge a `GET /_proxy/target` carries in `ErrorFlow-Proxy-Challenge`: the proof of
        /// its registration's secret, sent back in `ErrorFlow-Proxy`. `nil`: no proof, and no app believes it.
        public var proof: (@Sendable (String) -> String)?

        /// Settings for `target`; faults on every route at `rate` 0.1 from seed 42, a 2 s `slow`, 30 s for the target.
        public init(
            target: URL, rules: FaultRules = .everyKindEverywhere, rate: Double = 0.1, seed: UInt64 = 42,
            slowDelay: Duration = .seconds(2), targetTimeout: Duration = .seconds(30), caFile: String? = nil,
            proof: (@Sendable (String) -> String)? = nil
        ) {
            self.target = target
            self.rules = rules
            self.rate = rate
            self.seed = seed
            self.slowDelay = slowDelay
            self.targetTimeout = targetTimeout
            self.caFile = caFile
            self.proof = proof
        }
    }

    /// The port it listens on, as the system picked it when asked for 0.
    public let port: Int
    /// Where clients send: `http://HOST:PORT`.
    public let url: URL
    private let group: ServiceGroup
    private let runner: Task<String?, Never>
    private let client: AsyncHTTPClient.HTTPClient
    private let log: FaultLog
    private let stopping: StopFlag

    private init(
        port: Int, url: URL, group: ServiceGroup, runner: Task<String?, Never>, client: AsyncHTTPClient.HTTPClient,
        log: FaultLog, stopping: StopFlag
    ) {
        self.port = port
        self.url = url
        self.group = group
        self.runner = runner
        self.client = client
        self.log = log
        self.stopping = stopping
    }

    /// Starts the proxy on `host:port` (a loopback address; port 0: any free port) and returns once it accepts
    /// connections. `onFault` hears of each fault as it is injected.
    public static func start(
        _ settings: Settings, host: String = "127.0.0.1", port: Int = 0, logger: Logger,
        onFault: @escaping @Sendable (InjectedFaultRecord) -> Void = { _ in }
    ) async throws(FaultProxyError) -> FaultProxy {
        guard isLoopback(host) else { throw .notLoopback(host: host) }
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caFile = settings.caFile {
            guard FileManager.default.isReadableFile(atPath: caFile) else {
                let exists = FileManager.default.fileExists(atPath: caFile)
                throw .unusableCAFile(path: caFile, reason: exists ? "it cannot be read" : "there is no such file")
            }
            do {
                let certificates = try NIOSSLCertificate.fromPEMFile(caFile)
                guard !certificates.isEmpty else { throw FaultProxyError.unusableCAFile(path: caFile, reason: "") }
                tls.additionalTrustRoots = [.certificates(certificates)]
            } catch {
                throw .unusableCAFile(path: caFile, reason: "it holds no PEM certificate")
            }
        }
        let milliseconds = max(settings.targetTimeout.milliseconds, 1)
        var configuration = AsyncHTTPClient.HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow,
            timeout: .init(connect: .milliseconds(min(milliseconds, 10_000)), read: .milliseconds(milliseconds)),
            decompression: .disabled)
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.httpVersion = .http1Only
        let client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let log = FaultLog(seed: settings.seed, rate: settings.rate)
        let stopping = StopFlag()
        let responder = ProxyResponder(
            settings: settings, client: client, log: log, stopping: stopping, onFault: onFault, logger: logger)

        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { channel in
                portSink.yield(channel.localAddress?.port ?? 0)
                portSink.finish()
            },
            logger: logger
        )
        var groupConfiguration = ServiceGroupConfiguration(services: [.init(service: application)], logger: logger)
        // An endless answer in flight must not hold the stop forever.
        groupConfiguration.maximumGracefulShutdownDuration = .seconds(2)
        groupConfiguration.maximumCancellationDuration = .seconds(2)
        let group = ServiceGroup(configuration: groupConfiguration)
        let runner = Task { () -> String? in
            defer { portSink.finish() }
            do {
                try await group.run()
                return nil
            } catch {
                return "\(error)".contains("Address already in use") ? "the port is in use" : "\(error)"
            }
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next(), bound > 0 else {
            await group.triggerGracefulShutdown()
            let reason = await runner.value ?? "the server did not start"
            try? await client.shutdown()
            throw .couldNotListen(host: host, port: port, reason: reason)
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return FaultProxy(
            port: bound, url: URL(string: "http://\(shownHost):\(bound)") ?? settings.target, group: group,
            runner: runner, client: client, log: log, stopping: stopping)
    }

    /// The faults injected so far, in order.
    public func faults() async -> [InjectedFaultRecord] {
        await log.records
    }

    /// Stops accepting, ends the answers in flight (within a few seconds), and closes the connections to the target.
    public func stop() async {
        await stopping.fire()
        await group.triggerGracefulShutdown()
        _ = await runner.value
        try? await client.shutdown()
    }

    /// Whether `host` is this machine: `localhost`, an address in `127.0.0.0/8`, or `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if bare == "localhost" { return true }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, bare, &ipv4) == 1 { return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127 }
        var ipv6 = in6_addr()
        if inet_pton(AF_INET6, bare, &ipv6) == 1 {
            return withUnsafeBytes(of: &ipv6) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
        }
        return false
    }
}

/// Why the proxy did not start.
public enum FaultProxyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The listen address is not this machine's.
    case notLoopback(host: String)
    /// Nothing listens on the port: `reason` says why in a few words.
    case couldNotListen(host: String, port: Int, reason: String)
    /// The CA file cannot be read as PEM certificates.
    case unusableCAFile(path: String, reason: String)

    /// One line: what is wrong and what to do.
    public var description: String {
        switch self {
        case .notLoopback(let host):
            "--host \(host) is not a loopback address: the proxy passes your tokens on and changes your backend's "
                + "answers, so it listens on this machine only (127.0.0.1, ::1 or localhost)"
        case .couldNotListen(let host, let port, let reason):
            "could not listen on \(host):\(port): \(reason)"
        case .unusableCAFile(let path, let reason):
            "--ca-file \(path) cannot be used: \(reason)"
        }
    }
}

/// Set once the proxy is stopping, so that held answers end early.
actor StopFlag {
    private var fired = false
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var next = 0

    /// Wakes every sleeper, now and from now on.
    func fire() {
        fired = true
        for waiter in waiters.values { waiter.resume() }
        waiters.removeAll()
    }

    /// Sleeps for `duration`, or less if the proxy stops (or the task is cancelled) first.
    nonisolated func sleep(for duration: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: duration) }
            group.addTask { await self.wait() }
            await group.next()
            group.cancelAll()
        }
    }

    private func wait() async {
        next += 1
        let id = next
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if fired || Task.isCancelled {
                    continuation.resume()
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.release(id) }
        }
    }

    private func release(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume()
    }
}

extension Duration {
    /// The whole milliseconds of the duration.
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
