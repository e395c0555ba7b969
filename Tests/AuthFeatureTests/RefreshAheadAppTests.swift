import AuthFeature
import Composition
import Foundation
import Networking
import TestSupport
import Testing

/// The stored session's expiry, read by the composed app: a token about to expire is refreshed before the call, and
/// the backend never sees it.
@MainActor
@Suite("Refreshing a stored session ahead of its expiry", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct RefreshAheadAppTests {
    @Test func aStoredTokenThatExpiresWithinTheWindowIsRefreshedBeforeTheCallAndNo401IsSent() async {
        let clock = VirtualClock(autoAdvanceLimit: .seconds(5))
        let world = makeSUT(expiresAt: clock.wallClockNow.addingTimeInterval(20), clock: clock)
        let sut = world.app.profile()

        await sut.load()

        #expect(sut.state.name == "Ada Lovelace")
        #expect(world.spy.requests.map(\.path) == ["/v1/auth/refresh", "/v1/me"])
        #expect(world.spy.requests.last?.headers["Authorization"] == "Bearer access-3")
        #expect(world.journey.isEmpty)
    }

    @Test func aStoredTokenThatExpiresLaterIsSentAsItIs() async {
        let clock = VirtualClock(autoAdvanceLimit: .seconds(5))
        let world = makeSUT(expiresAt: clock.wallClockNow.addingTimeInterval(600), clock: clock, oldTokenValid: true)

        await world.app.profile().load()

        #expect(world.spy.requests.map(\.path) == ["/v1/me"])
        #expect(world.spy.requests.last?.headers["Authorization"] == "Bearer old")
    }

    /// The app with a stored session whose token `old` expires at `expiresAt`; the backend answers `old` with 401
    /// `token_expired` unless `oldTokenValid`.
    private func makeSUT(expiresAt: Date, clock: VirtualClock, oldTokenValid: Bool = false) -> TestApp {
        var session = TestApp.session()
        session.expiresAt = expiresAt
        return TestApp(session: session, clock: clock) { request, _ in
            switch request.path {
            case "/v1/auth/refresh":
                .json(200, #"{"accessToken":"access-3","refreshToken":"refresh-3","expiresIn":900}"#)
            case "/v1/me" where !oldTokenValid && request.headers["Authorization"] == "Bearer old":
                .contractError(401, "token_expired")
            default:
                .json(
                    200,
                    #"{"id":"u-1","name":"Ada Lovelace","email":"ada@example.com","avatarURL":"https://cdn.example.com/ada.png"}"#
                )
            }
        }
    }
}
