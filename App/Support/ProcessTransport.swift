import AsyncHTTPTransport
import Foundation
package import Networking

/// The transport of this process: one client, made on first use and shared by every app the process composes
/// (the tour composes one per scenario), shut down before the process ends.
///
/// AsyncHTTPClient on Linux, where FoundationNetworking buffers whole bodies before anything can count them;
/// URLSession on Apple platforms. `ERRORFLOW_TRANSPORT=urlsession` (or `async-http-client`) chooses one.
@MainActor
package enum ProcessTransport {
    /// A transport the app can send with.
    enum Choice: String, CaseIterable, Sendable {
        case asyncHTTPClient = "async-http-client"
        case urlSession = "urlsession"

        /// The platform's choice, unless `ERRORFLOW_TRANSPORT` names another.
        static var current: Choice {
            if let named = ProcessInfo.processInfo.environment["ERRORFLOW_TRANSPORT"].flatMap(Choice.init) {
                return named
            }
            #if canImport(FoundationNetworking)
                return .asyncHTTPClient
            #else
                return .urlSession
            #endif
        }

        /// Whether it can send to an IPv6 address: FoundationNetworking refuses a bracketed host (`badURL`).
        var sendsToIPv6: Bool {
            #if canImport(FoundationNetworking)
                self == .asyncHTTPClient
            #else
                true
            #endif
        }
    }

    private static var made: (client: any HTTPClient, shutdown: @Sendable () async -> Void)?
    private static var asyncHTTPClient: AsyncHTTPClientTransport?
    /// The connections per host asked for before the transport was made; each transport's own default otherwise.
    private static var connectionsPerHost = 0

    /// Lets the transport keep `count` connections to one host where that is more than its default (64), so that
    /// `count` calls at once never wait for each other's connection: `errorflow load` gives each client its own, as
    /// each user's app has its own. Call it before the transport's first use; once it is made, this changes nothing.
    package static func allowConnectionsPerHost(_ count: Int) {
        connectionsPerHost = max(connectionsPerHost, count)
    }

    /// The process's transport, made on first use.
    package static var shared: any HTTPClient {
        if let made { return made.client }
        switch Choice.current {
        case .asyncHTTPClient:
            var configuration = AsyncHTTPClientTransport.Configuration()
            configuration.connectionsPerHost = max(configuration.connectionsPerHost, connectionsPerHost)
            let client = AsyncHTTPClientTransport(configuration: configuration)
            made = (client, { await client.shutdown() })
            asyncHTTPClient = client
        case .urlSession:
            var configuration = URLSessionHTTPClient.Configuration()
            configuration.connectionsPerHost = max(configuration.connectionsPerHost, connectionsPerHost)
            made = (URLSessionHTTPClient(configuration: configuration), {})
        }
        return made?.client ?? URLSessionHTTPClient()
    }

    /// The executors a task can prefer so that its calls run on the transport's own threads (one per event loop of
    /// AsyncHTTPClient; none for URLSession), made with the transport on first use.
    @available(macOS 15.0, iOS 18.0, *)
    package static var callerExecutors: [any TaskExecutor] {
        _ = shared
        return asyncHTTPClient?.callerExecutors ?? []
    }

    /// AsyncHTTPClient over the transport's connections with nothing of the app's around it, for measuring what the
    /// transport and the chain add (`errorflow load --bare`); `nil` unless the transport is AsyncHTTPClient.
    package static func bare(_ api: BareAPI) -> (any HTTPClient)? {
        _ = shared
        return asyncHTTPClient?.bare(api == .async ? .async : .delegate)
    }

    /// Which of AsyncHTTPClient's APIs a bare client calls: the async one (`execute` and `collect`), or the delegate
    /// one, which the transport calls (``AsyncHTTPTransport/BareAsyncHTTPClient/API``).
    package enum BareAPI: String, CaseIterable, Sendable {
        case async, delegate
    }

    /// Closes the transport's connections; call it once, as the process ends.
    static func shutdown() async {
        guard let made else { return }
        self.made = nil
        asyncHTTPClient = nil
        await made.shutdown()
    }
}
