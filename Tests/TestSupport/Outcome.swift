public import Networking

/// Runs a typed-throwing operation and keeps its outcome, so a test can assert on the error's fields.
///
/// Name the error type (`outcome(of: WalletPageError.self, try await sut.execute())`): without it the call's
/// typed `throws` would widen to `any Error`.
public func outcome<Value, Failure: Error>(
    of failureType: Failure.Type,
    _ operation: @autoclosure () async throws(Failure) -> Value,
    isolation: isolated (any Actor)? = #isolation
) async -> Result<Value, Failure> {
    do throws(Failure) {
        return .success(try await operation())
    } catch {
        return .failure(error)
    }
}

extension Result {
    /// The value, or `nil` on failure.
    public var value: Success? {
        if case .success(let value) = self { return value }
        return nil
    }

    /// The error, or `nil` on success.
    public var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension HTTPClient {
    /// Sends `request` and keeps the outcome, for assertions on the error's fields.
    public func outcome(of request: HTTPRequest) async -> Result<HTTPResponse, HTTPClientError> {
        do throws(HTTPClientError) {
            return .success(try await send(request))
        } catch {
            return .failure(error)
        }
    }
}

/// The synchronous twin of ``outcome(of:_:isolation:)``.
public func outcome<Value, Failure: Error>(
    of failureType: Failure.Type,
    _ operation: @autoclosure () throws(Failure) -> Value
) -> Result<Value, Failure> {
    do throws(Failure) {
        return .success(try operation())
    } catch {
        return .failure(error)
    }
}
