import Foundation
import Logging
import Networking
import SharedError
import TestSupport
import Testing

/// A `Retry-After` date is the backend's time, so it is measured on the backend's clock: the `Date` of the answer
/// that carried it, or the skew an earlier answer of the same backend showed.
@Suite("The server's clock", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct ServerClockTests {
    /// The backend's time in every test; the device's clock is an hour behind or ahead of it.
    private static let serverNow = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: [-3600.0, 3600.0])
    func aRetryAfterDateIsMeasuredAgainstTheAnswersDate(deviceOffset: TimeInterval) async {
        let clock = VirtualClock(wallClockOrigin: Self.serverNow.addingTimeInterval(deviceOffset))
        let (sut, _) = makeSUT(clock: clock) { _, index in
            index == 0
                ? .contractError(503, "service_unavailable", headers: Self.headers(date: 0, retryAfter: 3))
                : .json(200, "{}")
        }

        let result = await sut.outcome(of: .get("/v1/wallet"))

        #expect(result.value?.status == 200)
        #expect(clock.recordedSleeps == [.seconds(3)])
    }

    @Test(arguments: [-3600.0, 3600.0])
    func theSkewAnEarlierAnswerShowedIsAppliedToALaterAnswerWithoutADate(deviceOffset: TimeInterval) async {
        let clock = VirtualClock(wallClockOrigin: Self.serverNow.addingTimeInterval(deviceOffset))
        let resilience = BackendResilience()
        let (sut, _) = makeSUT(clock: clock, resilience: resilience) { request, index in
            switch (request.path, index) {
            case ("/first", _): .json(200, "{}", headers: Self.headers(date: 0))
            case ("/second", 1): .contractError(503, "service_unavailable", headers: Self.headers(retryAfter: 3))
            default: .json(200, "{}")
            }
        }
        _ = await sut.outcome(of: .get("/first"))

        _ = await sut.outcome(of: .get("/second"))

        #expect(clock.recordedSleeps == [.seconds(3)])
        #expect(resilience.serverClock.offset == .seconds(-deviceOffset))
    }

    @Test func theSkewIsKeptPerBackend() {
        let registry = ResilienceRegistry()
        let origin = BackendOrigin(TestURL.make("/"))
        let other = BackendOrigin(URL(string: "https://other.test.invalid") ?? TestURL.make("/"))

        registry.resilience(for: origin).serverClock.observe(
            serverDate: Self.serverNow, deviceNow: Self.serverNow.addingTimeInterval(-3600))

        #expect(registry.resilience(for: origin).serverClock.offset == .seconds(3600))
        #expect(registry.resilience(for: other).serverClock.offset == .zero)
        #expect(registry.resilience(for: origin) === registry.resilience(for: origin))
    }

    @Test func aSkewUnderTheDateHeadersResolutionIsNone() {
        let clock = ServerClock()

        clock.observe(serverDate: Self.serverNow, deviceNow: Self.serverNow.addingTimeInterval(0.6))

        #expect(clock.offset == .zero)
    }

    // MARK: - Helpers

    /// `Date` at `date` seconds from the backend's now, and `Retry-After` as a date `retryAfter` seconds from it.
    private static func headers(date: TimeInterval? = nil, retryAfter: TimeInterval? = nil) -> HTTPHeaders {
        var headers = HTTPHeaders()
        if let date { headers["Date"] = RetryAfter.date(serverNow.addingTimeInterval(date)).description }
        if let retryAfter {
            headers["Retry-After"] = RetryAfter.date(serverNow.addingTimeInterval(retryAfter)).description
        }
        return headers
    }

    private func makeSUT(
        clock: VirtualClock, resilience: BackendResilience = BackendResilience(),
        script: @escaping HTTPClientSpy.Script
    ) -> (RetryingHTTPClient, HTTPClientSpy) {
        let spy = HTTPClientSpy(script: script)
        let sut = RetryingHTTPClient(
            decoratee: StatusCodeMappingHTTPClient(decoratee: spy, logger: quietLogger), clock: clock,
            random: FixedRandomSource(0.5), resilience: resilience, logger: quietLogger)
        return (sut, spy)
    }
}
