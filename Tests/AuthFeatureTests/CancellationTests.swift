import AuthFeature
import Composition
import Domain
import Navigation
import Networking
import SharedError
import TestSupport
import Testing

/// A cancelled sign-in or profile load is ignorable end to end, wherever the cancellation surfaces: the vendor's
/// sheet (the user closed it), the transport's answer, a transfer in flight, a retry's backoff, a refresh wait.
@MainActor
@Suite("Cancelling the auth screens", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct AuthCancellationTests {
    enum Boundary: String, CaseIterable, CustomTestStringConvertible {
        case transportAnswer, duringTransfer, duringBackoff, duringRefreshWait

        var testDescription: String { rawValue }
    }

    @Test func closingTheSignInSheetIsIgnored() async {
        let world = TestApp(signInAnswer: .cancel, session: nil, routes: RouteScript([:]))
        let sut = world.app.signIn()

        await sut.signIn()

        expectIgnored(world, screenError: sut.state.error)
    }

    @Test(arguments: [Boundary.transportAnswer, .duringTransfer])
    func aCancelledSignInCallIsIgnored(_ boundary: Boundary) async {
        let clock = VirtualClock(autoAdvance: false)
        let world = TestApp(signInAnswer: .approve, session: nil, clock: clock, script: Self.script(boundary))
        let sut = world.app.signIn()

        await cancel({ await sut.signIn() }, at: boundary, world: world, clock: clock)

        expectIgnored(world, screenError: sut.state.error)
        #expect(sut.state.phase == .idle)
    }

    @Test(arguments: Boundary.allCases)
    func aCancelledProfileLoadIsIgnored(_ boundary: Boundary) async throws {
        let clock = VirtualClock(autoAdvance: false)
        let world = TestApp(session: nil, clock: clock, script: Self.script(boundary))
        try await world.signedIn()
        let sut = world.app.profile()

        await cancel({ await sut.load() }, at: boundary, world: world, clock: clock)

        expectIgnored(world, screenError: sut.state.error)
        #expect(sut.state.name == nil)
    }

    // MARK: - Helpers

    /// The backend for `boundary`; in `duringRefreshWait` the refresh itself never answers.
    private static func script(_ boundary: Boundary) -> HTTPClientSpy.Script {
        { request, _ throws(HTTPClientError) in
            switch (boundary, request.path) {
            case (.transportAnswer, _):
                throw HTTPClientError(kind: .cancelled, context: HTTPErrorContext(request: request))
            case (.duringTransfer, _), (.duringRefreshWait, "/v1/auth/refresh"):
                while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
                throw HTTPClientError(kind: .cancelled, context: HTTPErrorContext(request: request))
            case (.duringBackoff, _):
                return .json(503, #"{"error":"busy"}"#)
            case (.duringRefreshWait, _):
                return .contractError(401, "token_expired")
            }
        }
    }

    private func cancel(
        _ load: @escaping @MainActor () async -> Void, at boundary: Boundary, world: TestApp, clock: VirtualClock
    ) async {
        let task = Task { @MainActor in await load() }
        switch boundary {
        case .transportAnswer: break
        case .duringTransfer:
            await eventually("the call to be sent") { !world.spy.requests.isEmpty }
            task.cancel()
        case .duringRefreshWait:
            await eventually("the refresh") { world.spy.requests.contains { $0.path == "/v1/auth/refresh" } }
            task.cancel()
        case .duringBackoff:
            await eventually("the backoff") { clock.sleeperCount >= 1 }
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
    }
}
