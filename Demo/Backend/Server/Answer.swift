import Foundation
import HTTPTypes
import Hummingbird
import Logging
import LoopbackHosting
import NIOCore

/// A response before it becomes Hummingbird's.
struct Answer {
    var status: Int
    var contentType = "application/json"
    var body: String
    var headers: [(String, String)] = []
    /// Send half the body, then close the connection: the client cannot know whether the request took effect.
    var dropsConnection = false

    static func json(_ status: Int, _ body: String) -> Answer {
        Answer(status: status, body: body)
    }

    static func error(_ status: Int, _ code: String, _ message: String, headers: [(String, String)] = []) -> Answer {
        Answer(status: status, body: Fixtures.error(code, message), headers: headers)
    }

    /// 422 `validation_failed` naming each `(field, code)`.
    static func validationFailed(_ fields: [(String, String)]) -> Answer {
        Answer(status: 422, body: Fixtures.validationFailed(fields))
    }

    /// The same answer, cut off half-way and the connection closed.
    var droppingTheConnection: Answer {
        var dropped = self
        dropped.dropsConnection = true
        return dropped
    }

    /// The same status and headers without a body (the answer to HEAD).
    var withoutBody: Answer {
        var headOnly = self
        headOnly.body = ""
        return headOnly
    }

    var response: Response {
        var fields = HTTPFields()
        fields[.contentType] = contentType
        for (name, value) in headers {
            if let fieldName = HTTPField.Name(name) { fields[fieldName] = value }
        }
        let bytes = ByteBuffer(string: body)
        guard dropsConnection else {
            return Response(
                status: HTTPResponse.Status(code: status), headers: fields, body: ResponseBody(byteBuffer: bytes))
        }
        return Response(
            status: HTTPResponse.Status(code: status), headers: fields,
            body: ResponseBody(contentLength: bytes.readableBytes) { writer in
                try await writer.write(bytes.getSlice(at: 0, length: bytes.readableBytes / 2) ?? ByteBuffer())
                throw ConnectionDropped()
            })
    }
}

/// Thrown by a body writer to close the connection mid-answer.
struct ConnectionDropped: Error {}
