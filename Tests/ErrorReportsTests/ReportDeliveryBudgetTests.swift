import ErrorReports
import Foundation
import Logging
import Networking
import SharedError
import TestSupport
import Testing

/// Promise: the user never waits on reports. A run waits for its reports no longer than one budget, on the
/// sender's clock; whatever is still on its way then is kept in the outbox under the key it was being sent with,
/// and a report endpoint's `Retry-After` never holds reports back for more than an hour.
///
/// Roads to breaking it, each held here or by `AppTests.ReportsNeverHoldTheRunTests`: a wait for delivery with no
/// bound (an endpoint that accepts and never answers); a budget per wait instead of per run; the report on its way
/// lost when the run ends (it is kept); reports sent after the budget; a `Retry-After` of a century, in an answer
/// or read from the file; a resend bringing back a report another run delivered; a delivery clearing a newer
/// pause another run kept.
@Suite("Reports never hold the run", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct ReportDeliveryBudgetTests {
    @Test func aReportStillOnItsWayWhenTheBudgetIsSpentWaitsInTheOutboxUnderItsKey() async throws {
        let clock = VirtualClock(autoAdvance: false)
        let gate = AsyncGate()
        let hanging = HTTPClientSpy { _, _ in
            await gate.wait()
            return .json(202, "{}")
        }
        let probe = JourneyProbe()
        let box = outbox()
        let sut = makeSender(hanging, outbox: box, clock: clock, logger: probe.logger)
        let budget = DeliveryBudget(.seconds(2))
        let flow = JourneyFlowID("held")

        JourneyFlow.$current.withValue(flow) { sut.submit(errorReport("ProfileRepositoryError")) }
        let delivery = Task { await sut.deliver(within: budget) }
        await eventually("the report is on its way") { !hanging.requests.isEmpty }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(2))
        let settled = await delivery.value

        #expect(!settled)
        let key = try #require(hanging.requests.first?.headers[HeaderName.idempotencyKey])
        #expect(await box.snapshot.entries.map(\.id) == [key], "kept under the key it was sent with")
        #expect(budget.remaining == .zero)
        #expect(probe.events(in: flow).last?.to?.contains("the run's time for reports was spent") == true)
        await gate.open()
    }

    @Test func nothingIsSentOnceTheBudgetIsSpentAndWhatComesLaterWaitsInTheOutbox() async throws {
        let clock = VirtualClock(autoAdvance: false)
        let gate = AsyncGate()
        let hanging = HTTPClientSpy { _, _ in
            await gate.wait()
            return .json(202, "{}")
        }
        let box = outbox()
        let sut = makeSender(hanging, outbox: box, clock: clock)
        let budget = DeliveryBudget(.seconds(2))
        sut.submit(errorReport("First"))
        let delivery = Task { await sut.deliver(within: budget) }
        await eventually("the first report is on its way") { !hanging.requests.isEmpty }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(2))
        _ = await delivery.value

        sut.submit(errorReport("Second"))
        await gate.open()
        await sut.flush()

        #expect(hanging.requests.count == 1, "the second was never sent")
        #expect(await box.snapshot.pendingErrorReports.map(\.fingerprint.type).sorted() == ["First", "Second"])
    }

    @Test func aBackendThatAnswersTakesEverythingAndSpendsNothingOfAVirtualBudget() async throws {
        let clock = VirtualClock(autoAdvance: false)
        let spy = HTTPClientSpy(answering: .json(202, "{}"))
        let sut = makeSender(spy, clock: clock)
        let budget = DeliveryBudget(.seconds(2))

        sut.submit(errorReport("A"))
        let settled = await sut.deliver(within: budget)

        #expect(settled)
        #expect(spy.requests.count == 1)
        #expect(await sut.pendingReports().entries.isEmpty)
        #expect(budget.remaining == .seconds(2))
    }

    @Test func theBudgetIsOneForTheWholeRunAcrossSenders() async throws {
        let clock = VirtualClock(autoAdvance: false)
        let gate = AsyncGate()
        let hanging = HTTPClientSpy { _, _ in
            await gate.wait()
            return .json(202, "{}")
        }
        let budget = DeliveryBudget(.seconds(2))
        let first = makeSender(hanging, clock: clock)
        first.submit(errorReport("First"))
        let delivery = Task { await first.deliver(within: budget) }
        await eventually("the first report is on its way") { !hanging.requests.isEmpty }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(2))
        _ = await delivery.value

        let second = makeSender(hanging, clock: clock)
        second.submit(errorReport("Second"))
        let outcome = LockedState<Bool?>(nil)
        let secondDelivery = Task {
            let settled = await second.deliver(within: budget)
            outcome.withLock { $0 = settled }
        }
        await eventually("the second sender gives up at once", within: .seconds(30)) {
            outcome.withLock { $0 } != nil
        }
        clock.advance(by: .seconds(2))
        await secondDelivery.value

        #expect(outcome.withLock { $0 } == false, "nothing was left of the budget, and the clock did not move")
        #expect(await second.pendingReports().pendingErrorReports.map(\.fingerprint.type) == ["Second"])
        await gate.open()
    }

    /// Promise: a decision never brings back what another run removed. A report this run resends from the outbox is
    /// delivered meanwhile by another run, which removes it; when this run's budget runs out, the report is not
    /// written back.
    @Test func aResendAnotherRunDeliveredMeanwhileIsNotBroughtBackWhenTheBudgetRunsOut() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("outbox.json")
        let other = ReportOutbox(file: file, origin: origin, logger: quietLogger)
        await other.keep(.error(errorReport("Waiting")), id: "waiting")
        let clock = VirtualClock(autoAdvance: false)
        let gate = AsyncGate()
        let hanging = HTTPClientSpy { _, _ in
            await gate.wait()
            return .json(202, "{}")
        }
        let sut = makeSender(hanging, outbox: outbox(file), clock: clock)

        let delivery = Task { await sut.deliver(within: DeliveryBudget(.seconds(2))) }
        await eventually("the waiting report is resent") { !hanging.requests.isEmpty }
        await other.remove(id: "waiting")
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(2))
        _ = await delivery.value

        #expect(await other.snapshot.entries.isEmpty, "what the other run removed stays removed")
        await gate.open()
    }

    @Test func aReportTheOutboxNoLongerHoldsIsNotResent() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("outbox.json")
        let other = ReportOutbox(file: file, origin: origin, logger: quietLogger)
        await other.keep(.error(errorReport("A")), id: "a")
        await other.keep(.error(errorReport("B")), id: "b")
        let clock = VirtualClock(autoAdvance: false)
        let spy = HTTPClientSpy(answering: .json(202, "{}"))
        let sut = makeSender(spy, outbox: outbox(file), clock: clock)

        await eventually("the first resend") { spy.requests.count == 1 }
        await clock.waitForSleepers(1)
        await other.remove(id: "b")
        clock.advance(by: .milliseconds(50))
        await sut.flush()

        #expect(spy.requests.count == 1, "another run delivered b meanwhile")
    }

    // MARK: - Retry-After on the report endpoints

    @Test(arguments: ["3153600000", "Tue, 01 Jan 2126 00:00:00 GMT"])
    func aRetryAfterOfACenturyHoldsReportsBackForAnHourAtMost(_ retryAfter: String) async throws {
        let clock = VirtualClock()
        let busy = HTTPClientSpy(answering: .contractError(429, "slow_down", headers: ["Retry-After": retryAfter]))
        let sut = makeSender(busy, clock: clock)

        sut.submit(errorReport("A"))
        await sut.flush()

        #expect(await sut.pendingReports().notBefore == clock.wallClockNow.addingTimeInterval(3_600))
    }

    @Test func aTimeInTheFileBeyondAnHourIsBroughtBackAndKept() async throws {
        let clock = VirtualClock()
        let box = outbox()
        await box.setNotBefore(clock.wallClockNow.addingTimeInterval(100 * 365 * 24 * 3_600))
        await box.keep(.error(errorReport("Waiting")), id: "waiting")
        let spy = HTTPClientSpy(answering: .json(202, "{}"))

        let held = makeSender(spy, outbox: box, clock: clock)
        await held.flush()
        #expect(spy.requests.isEmpty, "the hour has not passed")
        #expect(await box.snapshot.notBefore == clock.wallClockNow.addingTimeInterval(3_600), "brought back")

        clock.advance(by: .seconds(3_601))
        let later = makeSender(spy, outbox: box, clock: clock)
        await later.flush()
        #expect(spy.requests.count == 1, "an hour later it goes out")
    }

    @Test func aDeliveryKeepsAPauseAnotherRunKeptWhileItWasSending() async throws {
        let folder = ScratchFolder()
        let file = folder.url.appendingPathComponent("outbox.json")
        let clock = VirtualClock()
        let other = ReportOutbox(file: file, origin: origin, logger: quietLogger)
        await other.setNotBefore(clock.wallClockNow.addingTimeInterval(-1))
        let newer = clock.wallClockNow.addingTimeInterval(60)
        let spy = HTTPClientSpy { _, _ in
            // Another run's report was answered 429 while this one was on its way.
            await other.setNotBefore(newer)
            return .json(202, "{}")
        }
        let sut = makeSender(spy, outbox: outbox(file), clock: clock)

        sut.submit(errorReport("A"))
        await sut.flush()

        #expect(spy.requests.count == 1)
        #expect(await other.snapshot.notBefore == newer)
    }

    // MARK: - Helpers

    private let origin = BackendOrigin(TestURL.make(""))

    private func errorReport(_ type: String) -> ErrorReport {
        ErrorReport(
            reference: .sample, fingerprint: ErrorFingerprint(type: type, caseName: "a", layer: "networking"),
            breadcrumbs: [],
            requestID: nil, traceID: nil, environment: "prod", appVersion: "9", locale: "en")
    }

    private func outbox(_ file: URL? = nil) -> ReportOutbox {
        ReportOutbox(file: file, origin: origin, logger: quietLogger)
    }

    private func makeSender(
        _ spy: HTTPClientSpy, outbox: ReportOutbox? = nil, clock: VirtualClock, logger: Logger = quietLogger
    ) -> ClientReportSender {
        ClientReportSender(
            client: StatusCodeMappingHTTPClient(decoratee: spy, logger: quietLogger),
            configuration: .init(endpointURL: TestURL.make("/v1/client-reports"), appVersion: "9"),
            outbox: outbox ?? self.outbox(), clock: clock, logger: logger)
    }
}
