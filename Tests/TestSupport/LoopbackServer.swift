public import Foundation
import HTTPTypes
import Hummingbird
import Logging
public import LoopbackHosting
import SharedError

/// A request as the loopback server received it.
public struct RecordedRequest: Sendable {
    /// The method as received (`GET`).
    public var method: String
    /// The path, without the query.
    public var path: String
    /// Header values by lowercased name.
    public var headers: [String: String]
    /// The whole body, at most 1 MiB; empty when there was none.
    public var body: Data
    /// The query, without the `?`, as received; `nil` when there was none.
    public var query: String? = nil

    /// The value of the header `name`, compared without case; `nil` when absent.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// What the loopback server answers, and how slowly.
public struct ScriptedResponse: Sendable {
    /// The HTTP status to answer with.
    public var status: Int
    /// The header fields to send, in order.
    public var headers: [(String, String)]
    /// The body to send, unless ``produce`` makes one.
    public var body: Data
    /// Wait this long before sending anything.
    public var delayBeforeHead: Duration?
    /// Send the body in this many pieces, waiting `pieceDelay` before each one.
    public var pieces: Int
    /// How long to wait before each piece of the body; `nil` sends them without waiting.
    public var pieceDelay: Duration?
    /// Whether a streamed body announces its length (`Content-Length`); without it the body is chunked, and only
    /// the bytes themselves tell how long it is.
    public var declaresLength: Bool
    /// Send the head and half the body, then close the connection.
    public var dropsConnection: Bool
    /// Makes the body piece by piece as it is sent, chunked, instead of `body`: for bodies too large to hold, or
    /// that never end. It is handed a function that sends one piece.
    public var produce: BodyProducer?

    /// Sends a body piece by piece; see ``produce``.
    public typealias BodyProducer = @Sendable (_ send: (Data) async throws -> Void) async throws -> Void

    /// Makes an answer; by default a 200 with no headers and an empty body, sent at once in one piece.
    public init(
        status: Int = 200,
        headers: [(String, String)] = [],
        body: Data = Data(),
        delayBeforeHead: Duration? = nil,
        pieces: Int = 1,
        pieceDelay: Duration? = nil,
        declaresLength: Bool = true,
        dropsConnection: Bool = false
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delayBeforeHead = delayBeforeHead
        self.pieces = max(1, pieces)
        self.pieceDelay = pieceDelay
        self.declaresLength = declaresLength
        self.dropsConnection = dropsConnection
        self.produce = nil
    }

    /// A chunked body that `produce` makes as it is sent.
    public static func produced(
        status: Int = 200, headers: [(String, String)] = [], _ produce: @escaping BodyProducer
    ) -> ScriptedResponse {
        var response = ScriptedResponse(status: status, headers: headers)
        response.produce = produce
        return response
    }

    /// A JSON answer: `Content-Type: application/json`, then `headers`, with `body` as given.
    public static func json(_ status: Int = 200, _ body: String, headers: [(String, String)] = []) -> ScriptedResponse {
        ScriptedResponse(
            status: status, headers: [("Content-Type", "application/json")] + headers, body: Data(body.utf8))
    }

    /// A text answer, by default an HTML page, with `body` as given.
    public static func text(_ status: Int, _ body: String, contentType: String = "text/html") -> ScriptedResponse {
        ScriptedResponse(status: status, headers: [("Content-Type", contentType)], body: Data(body.utf8))
    }
}

/// A real HTTP server (Hummingbird) on 127.0.0.1 and a port the system picks, answering from a script.
///
/// For integration tests of the URLSession transport and of repositories over real HTTP. Start it, use
/// ``baseURL``, and ``stop()`` it at the end of the test.
public final class LoopbackServer: Sendable {
    /// Answers one request; it may suspend to hold the request in flight.
    public typealias Script = @Sendable (RecordedRequest) async -> ScriptedResponse

    private let host: LoopbackHost
    private let recorder: Recorder
    private let address: String

    /// The port the system picked.
    public var port: Int { host.port }
    /// `http://<address>:<port>`, with an IPv6 address in brackets.
    public var baseURL: URL {
        URL(string: "http://\(address.contains(":") ? "[\(address)]" : address):\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// Every request received, in order.
    public var requests: [RecordedRequest] { recorder.all }

    /// The full URL of `path` on this server.
    public func url(_ path: String) -> URL {
        baseURL.appendingPathComponent(path)
    }

    private init(host: LoopbackHost, recorder: Recorder, address: String) {
        self.host = host
        self.recorder = recorder
        self.address = address
    }

    /// Starts the server on `address` (`127.0.0.1`, or `::1` for IPv6).
    public static func start(address: String = "127.0.0.1", script: @escaping Script) async throws -> LoopbackServer {
        let recorder = Recorder()
        let stopSignal = StopSignal()
        let host = try await LoopbackHost.start(
            responder: ScriptResponder(script: script, recorder: recorder, stopSignal: stopSignal), host: address,
            stopSignal: stopSignal,
            logger: Logger(label: "loopback-server") { _ in SwiftLogNoOpLogHandler() }
        )
        return LoopbackServer(host: host, recorder: recorder, address: address)
    }

    /// Cuts scripted delays short and stops the server.
    public func stop() async {
        await host.stop()
    }

    /// Stops the server and holds its port closed until the returned value goes, so that a run against ``baseURL``
    /// is refused, never answered by another test's server that was handed the freed port; `nil` when one took it
    /// first.
    public func stopRefusing() async -> RefusedPort? {
        await host.stop()
        return try? RefusedPort(holding: baseURL.port ?? 0)
    }
}

private final class Recorder: Sendable {
    private let storage = LockedState<[RecordedRequest]>([])

    var all: [RecordedRequest] { storage.withLock { $0 } }

    func append(_ request: RecordedRequest) {
        storage.withLock { $0.append(request) }
    }
}

private struct ScriptResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let script: LoopbackServer.Script
    let recorder: Recorder
    let stopSignal: StopSignal

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        var request = request
        let body = try await request.collectBody(upTo: 1 << 20)
        var headers: [String: String] = [:]
        for field in request.headers {
            headers[field.name.canonicalName] = field.value
        }
        let recorded = RecordedRequest(
            method: request.method.rawValue, path: request.uri.path, headers: headers,
            body: Data(body.readableBytesView), query: request.uri.query)
        recorder.append(recorded)

        let scripted = await script(recorded)
        if let delay = scripted.delayBeforeHead { await stopSignal.sleep(for: delay) }
        var fields = HTTPFields()
        for (name, value) in scripted.headers {
            if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: value)) }
        }
        return Response(
            status: HTTPResponse.Status(code: scripted.status), headers: fields, body: responseBody(for: scripted))
    }

    private func responseBody(for scripted: ScriptedResponse) -> ResponseBody {
        if let produce = scripted.produce {
            return ResponseBody { writer in
                try await produce { piece in try await writer.write(ByteBuffer(bytes: piece)) }
                try await writer.finish(nil)
            }
        }
        if scripted.dropsConnection {
            return ResponseBody(contentLength: scripted.body.count) { writer in
                try await writer.write(ByteBuffer(bytes: scripted.body.prefix(scripted.body.count / 2)))
                throw DroppedConnection()
            }
        }
        guard let pieceDelay = scripted.pieceDelay else {
            return ResponseBody(byteBuffer: ByteBuffer(bytes: scripted.body))
        }
        let pieceSize = max(1, (scripted.body.count + scripted.pieces - 1) / scripted.pieces)
        let pieces = stride(from: 0, to: scripted.body.count, by: pieceSize).map {
            scripted.body.subdata(in: $0..<min($0 + pieceSize, scripted.body.count))
        }
        let write: @Sendable (inout any ResponseBodyWriter) async throws -> Void = { [stopSignal] writer in
            for piece in pieces {
                await stopSignal.sleep(for: pieceDelay)
                try await writer.write(ByteBuffer(bytes: piece))
            }
            try await writer.finish(nil)
        }
        return scripted.declaresLength
            ? ResponseBody(contentLength: scripted.body.count, write) : ResponseBody(write)
    }
}

/// Thrown by a body writer to close the connection mid-answer.
private struct DroppedConnection: Error {
}

/// A loopback port with nothing listening on it, for "connection refused".
public enum ClosedPort {
    /// A loopback port held closed for the whole test process (``RefusedPort``): no server is ever handed it.
    private static let held = Result { () throws(LoopbackHostError) in try RefusedPort(holding: 0) }

    /// The URL of a port that refuses every connection.
    public static func url() async throws -> URL {
        let port = try held.get().port
        guard let url = URL(string: "http://127.0.0.1:\(port)") else {
            throw LoopbackHostError.couldNotBind(port: port, reason: "no URL")
        }
        return url
    }
}
