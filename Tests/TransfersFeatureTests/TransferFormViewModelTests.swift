import Composition
import Decoding
import Domain
import Foundation
import Navigation
import Networking
import SharedError
import TestSupport
import Testing
import TransfersFeature

@MainActor
@Suite("TransferFormViewModel", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct TransferFormViewModelTests {
    @Test func sendsAndShowsTheReceipt() async {
        let world = TestApp { _, _ in .json(201, TransferBodies.transfer()) }
        let sut = world.app.transfer()

        await sut.sendForm()

        #expect(sut.state.receipt?.id == "t-1" && sut.state.receipt?.status == "completed")
        #expect(sut.state.phase == .sent && sut.state.error == nil)
        #expect(world.sentKeys.count == 1 && world.sentKeys.first??.isEmpty == false)
    }

    @Test func anInvalidFormIsShownOnItsFieldsAndNothingIsSent() async {
        let world = TestApp { _, _ in .json(201, TransferBodies.transfer()) }
        let sut = world.app.transfer()

        await sut.sendForm(toAccount: "  ", amount: "12.555")

        #expect(world.spy.requests.isEmpty)
        #expect(sut.state.fieldErrors[.toAccount] == "Enter the account to send to.")
        #expect(sut.state.fieldErrors[.amount] == "Use digits, with up to two decimals (12.50).")
        #expect(sut.state.error == nil && world.router.presentedError == nil, "inline, never an alert")
    }

    @Test(arguments: [
        ("0", "Enter an amount above zero."), ("-3", "Enter an amount above zero."),
        ("-x", "Use digits, with up to two decimals (12.50)."),
        ("", "Enter an amount."),
    ])
    func theAmountMustBeAPositiveNumber(_ amount: String, _ message: String) async {
        let world = TestApp { _, _ in .json(201, TransferBodies.transfer()) }
        let sut = world.app.transfer()

        await sut.sendForm(amount: amount)

        #expect(sut.state.fieldErrors[.amount] == message)
        #expect(world.spy.requests.isEmpty)
    }

    @Test func theBackendsFieldErrorsAreShownInTheAppsWordsWithADefaultForAnUnknownCode() async {
        let world = TestApp { _, _ in .json(422, TransferBodies.validationFailed) }
        let sut = world.app.transfer()

        await sut.sendForm()

        #expect(sut.state.fieldErrors[.amount] == "That's more than you can send at once.")
        #expect(sut.state.fieldErrors[.toAccount] == "This isn't an account we can send to.")
        #expect(
            sut.state.fieldErrors[.note] == "Check the note.", "a code the app does not know gets the field's default")
        #expect(sut.state.error == nil && world.router.presentedError == nil)
    }

    @Test func sendingTheSameFormAgainAfterAnUnknownOutcomeReusesItsKey() async {
        let world = TestApp { _, index throws(HTTPClientError) in
            if index < 3 {
                throw HTTPClientError(kind: .connectionLost, context: .init(request: .post("/v1/transfers")))
            }
            return .json(201, TransferBodies.transfer())
        }
        let sut = world.app.transfer()

        await sut.sendForm()
        #expect(sut.state.error?.title == "We couldn't confirm your transfer")
        await sut.sendForm()

        #expect(sut.state.receipt?.id == "t-1")
        #expect(
            world.sentKeys.count == 4 && Set(world.sentKeys).count == 1, "four attempts, one key: \(world.sentKeys)")
    }

    @Test func aChangedFormOrASettledOutcomeGetsANewKey() async {
        let world = TestApp { request, index in
            index == 0 ? .contractError(402, "insufficient_funds") : .json(201, TransferBodies.transfer())
        }
        let sut = world.app.transfer()

        await sut.sendForm(amount: "900.00")
        await sut.sendForm(amount: "900.00")
        await sut.sendForm(amount: "9.00")

        #expect(world.sentKeys.count == 3 && Set(world.sentKeys).count == 3, "a key each: \(world.sentKeys)")
    }

    @Test func aSessionThatEndsMidTransferRoutesToSignInAndKeepsWhatWasTyped() async {
        let world = TestApp { request, _ in
            request.path == "/v1/auth/refresh"
                ? .contractError(401, "invalid_grant") : .contractError(401, "token_expired")
        }
        let sut = world.app.transfer()

        await sut.sendForm(toAccount: "CH93 0076 2011 6238 5295 7", amount: "42.00", note: "bike")

        #expect(world.router.route == .signIn)
        #expect(sut.state.toAccount == "CH93 0076 2011 6238 5295 7" && sut.state.amount == "42.00")
        #expect(sut.state.note == "bike")
        #expect(sut.state.error == nil)
    }

    @Test func offlineBeforeSendingSaysNothingWasSent() async {
        let world = TestApp { request, _ throws(HTTPClientError) in
            throw HTTPClientError(kind: .offline, context: .init(request: request))
        }
        let sut = world.app.transfer()

        await sut.sendForm()

        #expect(sut.state.error?.title == "You're offline")
        #expect(sut.state.message == "Nothing was sent.")
        #expect(world.router.presentedError == nil)
    }

    @Test func aReusedKeyIsADefectTheJourneyNamesAndNavigationPresents() async {
        let world = TestApp { _, _ in .contractError(409, "idempotency_key_reused") }
        let sut = world.app.transfer()

        await sut.sendForm()

        #expect(world.journey.contains("data mapped HTTPClientError.conflict → TransferRepositoryError.keyReused"))
        #expect(
            world.router.presentedError?.message?.contains("idempotency_key_reused") == true, "DEV shows the detail")
    }

    @Test func aSendAfterAFailureShowsNoOldErrorAndASendAfterASuccessNoOldReceipt() async {
        let world = TestApp { request, _ in
            String(decoding: request.body ?? Data(), as: UTF8.self).contains(#""amount":"2.00""#)
                ? .json(201, TransferBodies.transfer()) : .contractError(402, "insufficient_funds")
        }
        let sut = world.app.transfer()

        await sut.sendForm(amount: "1.00")
        await sut.sendForm(amount: "2.00")
        #expect(sut.state.error == nil && sut.state.receipt != nil)
        await sut.sendForm(amount: "3.00")
        #expect(sut.state.receipt == nil && sut.state.error?.title == "Not enough money in your wallet")
    }

    @Test func aPendingTransferSaysItIsOnItsWayAndCanBeLookedUp() async {
        let world = TestApp { request, _ in
            request.method == .get
                ? .json(200, TransferBodies.transfer(status: "completed"))
                : .json(201, TransferBodies.transfer(status: "pending"))
        }
        let sut = world.app.transfer()

        await sut.sendForm()
        #expect(sut.state.receipt?.status == "pending" && sut.state.message == "On its way: the transfer is pending.")
        await sut.checkStatus(of: "t-1")

        #expect(sut.state.receipt?.status == "completed")
        #expect(world.spy.requests.last?.path == "/v1/transfers/t-1")
    }

    @Test func anUnknownStatusIsKeptAndReported() async throws {
        let decoded = try TransferDecoder.decode(Data(TransferBodies.transfer(status: "frozen").utf8))

        #expect(decoded.value.status == .other)
        #expect(decoded.report.defects.map(\.keyPath) == ["status"])
        #expect(decoded.report.defects.map(\.kind) == [.novel])
    }
}

/// A cancelled send is ignorable end to end.
@MainActor
@Suite("Cancelling the transfer screen", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct TransferCancellationTests {
    @Test func aCancelledAnswerIsIgnored() async {
        let world = TestApp { request, _ throws(HTTPClientError) in
            throw HTTPClientError(kind: .cancelled, context: .init(request: request))
        }
        let sut = world.app.transfer()

        await sut.sendForm()

        expectIgnored(world, sut)
    }

    @Test func cancellingDuringTheTransferIsIgnored() async {
        let world = TestApp { request, _ throws(HTTPClientError) in
            while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
            throw HTTPClientError(kind: .cancelled, context: .init(request: request))
        }
        let sut = world.app.transfer()

        let task = Task { @MainActor in await sut.sendForm() }
        await eventually("the transfer to be sent") { !world.spy.requests.isEmpty }
        task.cancel()
        await task.value

        expectIgnored(world, sut)
    }

    @Test func cancellingDuringABackoffIsIgnored() async {
        let clock = VirtualClock(autoAdvance: false)
        let world = TestApp(clock: clock) { _, _ in .contractError(503, "busy") }
        let sut = world.app.transfer()

        let task = Task { @MainActor in await sut.sendForm() }
        await eventually("the backoff to start") { clock.sleeperCount == 1 }
        task.cancel()
        await task.value

        expectIgnored(world, sut)
    }

    private func expectIgnored(
        _ world: TestApp, _ sut: TransferFormViewModel, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(sut.state.error == nil && sut.state.fieldErrors.isEmpty, sourceLocation: sourceLocation)
        #expect(world.router.presentedError == nil && world.router.route == nil, sourceLocation: sourceLocation)
        #expect(
            world.probe.events().filter { $0.layer == .presentation }.map(\.action) == [.ignored],
            "\(world.journey)", sourceLocation: sourceLocation)
    }
}
