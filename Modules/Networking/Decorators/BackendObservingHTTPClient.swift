import Decoding
import Foundation

/// Tells a ``BackendAnswerObserving`` what each whole call said about the backend (``BackendAnswer``): so a run can
/// tell "the backend refused" from "this is not a backend that speaks the contract", without any repository
/// knowing it is watched.
///
/// A 2xx body that is not JSON at all (a web page where the contract has an object) makes the backend unusable; a
/// JSON body is an answer, even one a repository later finds a broken field in. The body is parsed for this only
/// while the observer ``BackendAnswerObserving/wantsBodiesChecked``: the app's observer stops wanting it after the
/// first answer, so a run parses each body once, in its repository.
public struct BackendObservingHTTPClient: HTTPClient {
    private let decoratee: any HTTPClient
    private let observer: any BackendAnswerObserving

    /// Makes the decorator; `observer` hears about every call that passes through.
    public init(decoratee: any HTTPClient, observer: any BackendAnswerObserving) {
        self.decoratee = decoratee
        self.observer = observer
    }

    /// Sends `request` unchanged and returns or throws what the decoratee did, after telling the observer what the
    /// answer says about the backend.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        do throws(HTTPClientError) {
            let response = try await decoratee.send(request)
            let answer = observer.wantsBodiesChecked ? Self.answer(to: response, of: request) : .inconclusive
            observer.observe(answer, endpoint: request.path)
            return response
        } catch {
            observer.observe(BackendAnswer(error), endpoint: request.path)
            throw error
        }
    }

    static func answer(to response: HTTPResponse, of request: HTTPRequest) -> BackendAnswer {
        // A body of more values than the app reads is not parsed here (the repository refuses it): an answer.
        guard !response.body.isEmpty, JSONValueCount.isAtMost(LenientJSONDecoder.valueLimit, in: response.body),
            (try? JSONDecoder().decode(AnyJSON.self, from: response.body)) == nil
        else { return .answered }
        return .unusable(reason: "its answer to \(request.path) is not the contract's JSON")
    }

    /// Any JSON at all: the decoder checks the whole body's syntax, and nothing of it is built.
    private struct AnyJSON: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
