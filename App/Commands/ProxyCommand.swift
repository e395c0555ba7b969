package import ArgumentParser
import Composition
import FaultInjection
import FaultProxy
import Foundation
import Logging
import PrivateFiles

/// `errorflow proxy --to URL`: a fault-injecting proxy on this machine in front of your backend, so every screen can
/// be run against that backend under the faults the app must survive.
package struct ProxyCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "proxy",
        abstract: "A fault-injecting proxy on 127.0.0.1 in front of your backend.",
        discussion: """
            Point a screen at it with --base-url http://127.0.0.1:PORT. It forwards each request to --to (the \
            request's path after the target's path; bodies streamed both ways) and injects faults into \
            --fault-rate of the requests that --faults allows them on, drawn per route from --seed, so the same \
            seed and the same requests give the same faults. Kinds: 500; 503 and 429 (with Retry-After: 1); \
            token_expired (401); slow (the answer held back --delay seconds); drop-answer (the request reaches the \
            backend, its answer is lost); malformed (a 2xx body cut in half); missing-field (a 2xx JSON object \
            without its first field, alphabetically); error-in-200 (the backend acts, the client gets 200 with an \
            error envelope); 5xx names 500 and 503. --faults takes KINDS for every route, or entries \
            'METHOD /path=KINDS' (or '/path=KINDS'; a path ending in * is a prefix) separated by ';', the first \
            matching entry deciding: --faults 'GET /v1/wallet=429,slow;POST /v1/transfers=drop-answer'. \
            Each injected fault is one line on stderr with the request's trace id (from its traceparent), never a \
            header, token, query or body; GET /_proxy/faults lists them as JSON. While it runs it registers its \
            port, target and a secret in $XDG_STATE_HOME/errorflow/proxies; the app believes only a registered \
            proxy that proves the secret, and keys its session, pending writes and report outbox by the backend \
            behind it, so a write whose answer was dropped here is found, under its key, by a run straight at the \
            backend. A \
            backend that cannot be reached is answered 502, one silent for --target-timeout seconds 504, both \
            with the contract's error body. It listens on loopback only. Exit codes: 0 stopped by Ctrl-C or \
            SIGTERM, 2 usage error (a --host that is not loopback, a bad --to, --faults or --ca-file), 4 the port \
            cannot be listened on.
            """)

    @Option(help: "Your backend: an http(s) URL, with a base path if it has one.")
    var to: String

    @Option(help: "The loopback address to listen on: 127.0.0.1, ::1 or localhost.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port, printed at start).")
    var port = 8081

    @Option(help: "Which kinds on which routes: 'KINDS' or 'METHOD /path=KINDS;…' (default: every kind, every route).")
    var faults: String?

    @Option(help: "The share of the requests with faults allowed that get one, from 0 to 1.")
    var faultRate = 0.1

    @Option(help: "Seed of the fault draw: the same seed and requests give the same faults.")
    var seed: UInt64 = 42

    @Option(help: "Seconds a slow answer is held back.")
    var delay = 2.0

    @Option(help: "Seconds to wait for the backend's answer head, and the longest silence within its body.")
    var targetTimeout = 30.0

    @Option(help: "A PEM file of CA certificates to trust for --to besides the system's (a staging backend's own).")
    var caFile: String?

    @Flag(help: "Accept plain http to a --to host other than localhost, 127.0.0.0/8 or ::1.")
    var allowInsecureHTTP = false

    package init() {}

    package func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard (0...1).contains(faultRate) else { throw ValidationError("--fault-rate must be between 0 and 1") }
        guard delay > 0, delay <= 600 else { throw ValidationError("--delay must be above 0 and at most 600") }
        guard targetTimeout > 0, targetTimeout <= 600 else {
            throw ValidationError("--target-timeout must be above 0 and at most 600")
        }
        if let faults {
            do throws(FaultRulesError) {
                _ = try FaultRules(parsing: faults)
            } catch {
                throw ValidationError("--faults: \(error)")
            }
        }
    }

    @MainActor
    package func run() async throws {
        let target = try BackendChecks.parseBaseURL(to, allowingInsecureHTTP: allowInsecureHTTP, option: "--to")
        let rules = try faults.map { spec throws(ExitCode) in
            do throws(FaultRulesError) {
                return try FaultRules(parsing: spec)
            } catch {
                throw Console.refusal("--faults: \(error)")
            }
        }
        var registration = ProxyRegistration.new(target: target)
        let settings = FaultProxy.Settings(
            target: target, rules: rules ?? .everyKindEverywhere, rate: faultRate, seed: seed,
            slowDelay: .milliseconds(Int64(delay * 1000)), targetTimeout: .milliseconds(Int64(targetTimeout * 1000)),
            caFile: caFile, proof: { [registration] in registration.proof(of: $0) })
        let logger = Logger(label: "errorflow proxy") { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .warning
            return handler
        }
        let proxy: FaultProxy
        do throws(FaultProxyError) {
            proxy = try await FaultProxy.start(settings, host: host, port: port, logger: logger) { record in
                Console.error("proxy: \(record.line)")
            }
        } catch {
            switch error {
            case .notLoopback, .unusableCAFile:
                throw Console.refusal("\(error)")
            case .couldNotListen:
                Console.error("cannot proxy: \(error); choose another --port (0: any free port)")
                throw ExitCode(4)
            }
        }
        registration.listen = proxy.url
        let registry = ProxyRegistry(folder: Console.defaultProxyRegistryFolder)
        do throws(PrivateFileError) {
            try registry.register(registration)
        } catch {
            Console.error(
                "proxy: the app will not know this proxy (\(error)): a transfer through it is kept under the "
                    + "proxy's address, and sent straight to the backend it is refused while it waits here")
        }
        defer { registry.withdraw(registration) }
        let kinds = faults ?? FaultKind.allCases.map(\.rawValue).joined(separator: ",")
        do {
            try Console.output(
                "ErrorFlow proxy on \(proxy.url.absoluteString) in front of \(target.absoluteString): faults \(kinds) "
                    + "at rate \(faultRate), seed \(seed) (Ctrl-C to stop)")
        } catch {
            await proxy.stop()
            throw error
        }
        let interrupts = InterruptSignals()
        _ = await InterruptSignals.first(of: interrupts.signals)
        interrupts.stop()
        await proxy.stop()
    }
}
