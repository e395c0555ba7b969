import Composition
import Domain
import Navigation
import Networking
import PaymentsFeature
import SharedError
import TestSupport
import Testing

/// A cancelled load is ignorable end to end: whichever layer boundary the cancellation surfaces at (the
/// transport's answer, a transfer in flight, a retry's backoff sleep, a refresh wait), no layer presents it, the
/// screen shows no error, Navigation no alert and no route.
@MainActor
@Suite("Cancelling the payments screens", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct PaymentsCancellationTests {
    enum Boundary: String, CaseIterable, CustomTestStringConvertible {
        /// The transport answers that the call was cancelled.
        case transportAnswer
        /// The load is cancelled while the transfer is in flight.
        case duringTransfer
        /// The load is cancelled while the retry decorator sleeps before the next attempt.
        case duringBackoff
        /// The load is cancelled while the call waits for a token refresh.
        case duringRefreshWait

        var testDescription: String { rawValue }
    }

    @Test(arguments: Boundary.allCases)
    func thePaymentMethodsScreenIgnoresIt(_ boundary: Boundary) async {
        let (world, refreshGate) = makeWorld(boundary)
        let sut = world.app.paymentMethods()

        await cancel({ await sut.load() }, at: boundary, in: world, calls: 2)
        await refreshGate.open()

        expectIgnored(world, screenError: nil)
        #expect(sut.state.methodCount == 0)
    }

    @Test(arguments: Boundary.allCases)
    func theWalletPageIgnoresIt(_ boundary: Boundary) async {
        let (world, refreshGate) = makeWorld(boundary)
        let sut = world.app.walletPage()

        await cancel({ await sut.load() }, at: boundary, in: world, calls: 1)
        await refreshGate.open()

        expectIgnored(world, screenError: sut.state.error)
        #expect(sut.state.balance == nil)
    }

    // MARK: - Helpers

    private func makeWorld(_ boundary: Boundary) -> (TestApp, AsyncGate) {
        let refreshGate = AsyncGate()
        let world = TestApp(clock: VirtualClock(autoAdvance: false)) { request, _ throws(HTTPClientError) in
            if request.path == "/v1/auth/refresh" {
                // The refresh is held until the test lets it go.
                await refreshGate.wait()
                return .json(200, #"{"accessToken":"new","refreshToken":"refresh-new","expiresIn":600}"#)
            }
            switch boundary {
            case .transportAnswer:
                throw HTTPClientError(kind: .cancelled, context: HTTPErrorContext(request: .get("/")))
            case .duringTransfer:
                await Self.waitUntilCancelled()
                throw HTTPClientError(kind: .cancelled, context: HTTPErrorContext(request: .get("/")))
            case .duringBackoff:
                return .json(503, #"{"error":"busy"}"#)
            case .duringRefreshWait:
                return .contractError(401, "token_expired")
            }
        }
        return (world, refreshGate)
    }

    /// Starts `load`, cancels it once every call has reached the boundary, and waits for it to end.
    private func cancel(
        _ load: @escaping @MainActor () async -> Void, at boundary: Boundary, in world: TestApp, calls: Int
    ) async {
        let task = Task { @MainActor in await load() }
        switch boundary {
        case .transportAnswer: break
        case .duringTransfer, .duringRefreshWait:
            await eventually("\(calls) calls to be sent") {
                world.spy.requests.count(where: { $0.path != "/v1/auth/refresh" }) >= calls
            }
            if boundary == .duringRefreshWait {
                await eventually("the refresh") { world.refreshRequests > 0 }
            }
            task.cancel()
        case .duringBackoff:
            await eventually("\(calls) backoffs") { world.clock.sleeperCount >= calls }
            task.cancel()
        }
        await task.value
    }

    private func expectIgnored(
        _ world: TestApp, screenError: PresentationError?, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(screenError == nil, sourceLocation: sourceLocation)
        #expect(world.router.presentedError == nil && world.router.route == nil, sourceLocation: sourceLocation)
        let presentation = world.probe.events().filter { $0.layer == .presentation }
        #expect(presentation.map(\.action) == [.ignored], "\(world.journey)", sourceLocation: sourceLocation)
        #expect(presentation.first?.category == .ignorable, sourceLocation: sourceLocation)
        #expect(
            !world.probe.events().contains { [.presented, .routed, .omitted].contains($0.action) },
            "no layer presents, routes or works around a cancellation", sourceLocation: sourceLocation)
    }

    nonisolated private static func waitUntilCancelled() async {
        while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
    }
}
