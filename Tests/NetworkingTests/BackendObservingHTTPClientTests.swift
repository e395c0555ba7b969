import Networking
import SharedError
import TestSupport
import Testing

/// What each call told about the backend reaches the observer; a 2xx body is parsed for it only while the observer
/// still wants bodies checked.
@Suite("What each call told about the backend")
struct BackendObservingHTTPClientTests {
    @Test func aPageWhereTheContractHasJSONIsUnusable() async {
        let (sut, observer) = makeSUT(answering: .json(200, "<html>Sign in to the Wi-Fi</html>"))

        _ = await sut.outcome(of: .get("/v1/wallet"))

        #expect(observer.heard == [.unusable(reason: "its answer to /v1/wallet is not the contract's JSON")])
    }

    @Test func aJSONBodyIsAnAnswerEvenWithAFieldTheRepositoryWillRefuse() async {
        let (sut, observer) = makeSUT(answering: .json(200, #"{"balance": "not a number"}"#))

        _ = await sut.outcome(of: .get("/v1/wallet"))

        #expect(observer.heard == [.answered])
    }

    @Test func anObserverThatWantsNoBodiesCheckedLearnsNothingFromOne() async {
        let (sut, observer) = makeSUT(answering: .json(200, "<html>Sign in to the Wi-Fi</html>"), wantsBodies: false)

        _ = await sut.outcome(of: .get("/v1/wallet"))

        #expect(observer.heard == [.inconclusive])
    }

    @Test func aFailureIsToldAsItsKindSaysWhateverTheObserverWants() async {
        let (sut, observer) = makeSUT(answering: .contractError(404, "wallet_not_found"), wantsBodies: false)

        _ = await sut.outcome(of: .get("/v1/wallet"))

        #expect(observer.heard == [.answered])
    }

    private func makeSUT(answering response: HTTPResponse, wantsBodies: Bool = true)
        -> (BackendObservingHTTPClient, ObserverSpy)
    {
        let observer = ObserverSpy(wantsBodiesChecked: wantsBodies)
        let mapped = StatusCodeMappingHTTPClient(decoratee: HTTPClientSpy(answering: response), logger: quietLogger)
        return (BackendObservingHTTPClient(decoratee: mapped, observer: observer), observer)
    }
}

/// Records what it hears.
private final class ObserverSpy: BackendAnswerObserving {
    let wantsBodiesChecked: Bool
    private let heardSoFar = LockedState<[BackendAnswer]>([])

    init(wantsBodiesChecked: Bool) {
        self.wantsBodiesChecked = wantsBodiesChecked
    }

    var heard: [BackendAnswer] { heardSoFar.withLock { $0 } }

    func observe(_ answer: BackendAnswer, endpoint: String) {
        heardSoFar.withLock { $0.append(answer) }
    }
}
