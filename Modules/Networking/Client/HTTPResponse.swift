public import Foundation

/// What the server answered: any status, the headers and the whole (size-bounded) body.
public struct HTTPResponse: Hashable, Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data

    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// 200–299.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
