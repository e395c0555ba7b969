public import Hummingbird
public import Logging
import NIOCore
import ServiceLifecycle

/// Runs a Hummingbird responder on a loopback address (127.0.0.1, or ::1), on a port the system picks, until
/// ``stop()``.
///
/// Used by the embedded demo backend and by the integration tests. Stopping is graceful: the stop signal cuts
/// deliberate delays short, the server finishes the responses in flight, then closes. (Cancelling a server
/// mid-response would tear down its body writers.)
public final class LoopbackHost: Sendable {
    /// The port the server listens on, as the system picked it.
    public let port: Int
    private let group: ServiceGroup
    private let runner: Task<String?, Never>
    private let stopSignal: StopSignal

    private init(port: Int, group: ServiceGroup, runner: Task<String?, Never>, stopSignal: StopSignal) {
        self.port = port
        self.group = group
        self.runner = runner
        self.stopSignal = stopSignal
    }

    /// Starts `responder` on `host:port` (`127.0.0.1` or `::1`; port 0: any free port) and returns once it accepts
    /// connections.
    public static func start<Responder: HTTPResponder>(
        responder: Responder, host: String = "127.0.0.1", port: Int = 0, stopSignal: StopSignal = StopSignal(),
        logger: Logger
    ) async throws(LoopbackHostError) -> LoopbackHost where Responder.Context == BasicRequestContext {
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
        let group = ServiceGroup(services: [application], logger: logger)
        let runner = Task { () -> String? in
            defer { portSink.finish() }
            do {
                try await group.run()
                return nil
            } catch {
                return LoopbackHostError.reason(for: error)
            }
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next(), bound > 0 else {
            await group.triggerGracefulShutdown()
            throw .couldNotBind(port: port, reason: await runner.value ?? "the server did not start")
        }
        return LoopbackHost(port: bound, group: group, runner: runner, stopSignal: stopSignal)
    }

    /// Cuts deliberate delays short, lets responses in flight finish, and closes the server.
    public func stop() async {
        await stopSignal.fire()
        await group.triggerGracefulShutdown()
        _ = await runner.value
    }
}

/// Why a loopback server did not start.
public enum LoopbackHostError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing listens on the port: `reason` says why in a few words (the port is in use, not allowed, …).
    case couldNotBind(port: Int, reason: String)

    /// One line: the address and why nothing listens there.
    public var description: String {
        switch self {
        case .couldNotBind(let port, let reason): "could not listen on 127.0.0.1:\(port): \(reason)"
        }
    }

    /// A few words for the error the server stopped with: the system's own for the usual bind failures.
    static func reason(for error: any Error) -> String {
        let text = "\(error)"
        if text.contains("Address already in use") { return "the port is in use" }
        if text.contains("Permission denied") { return "the port is not allowed (below 1024?)" }
        return text
    }
}
