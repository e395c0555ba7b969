/// An HTTP request method.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method's name, always uppercase (`GET`).
    public let rawValue: String

    /// Makes a method from its name, uppercased.
    public init(rawValue: String) {
        self.rawValue = rawValue.uppercased()
    }

    /// `GET`: reads; idempotent, so it may be retried.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`: the headers of a `GET` alone; idempotent.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`: creates; retried only when the request carries an `Idempotency-Key`.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replaces; idempotent.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`: changes part of a resource; retried only with an `Idempotency-Key`.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`: removes; idempotent.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `OPTIONS`: asks what the resource allows; idempotent.
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// The method's name, uppercase.
    public var description: String { rawValue }

    /// Methods that RFC 9110 defines as idempotent; POST and PATCH are idempotent only with an `Idempotency-Key`.
    public var isIdempotentByDefinition: Bool {
        [.get, .head, .put, .delete, .options].contains(self)
    }
}
