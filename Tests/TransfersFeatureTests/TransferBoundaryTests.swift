import Composition
import Domain
import Foundation
import Navigation
import Networking
import SharedError
import TestSupport
import Testing
import TransfersFeature

/// Every error that can reach a layer of the transfers feature, through the real code, against
/// `docs/boundaries.md` and ``ErrorPolicy``: written with TestSupport's `BoundaryTable`, as the recipe says.
@MainActor
@Suite("Transfers boundaries", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct TransferBoundaryTests {
    nonisolated static let sendInputs = HTTPClientErrorSamples.all(plus: [
        (.unexpectedStatus(422), "validation_failed"), (.unexpectedStatus(402), "insufficient_funds"),
        (.forbidden, "wallet_banned"), (.notFound, "wallet_not_found"), (.conflict, "idempotency_key_reused"),
        (.unexpectedStatus(400), "bad_request"), (.unexpectedStatus(400), "missing_idempotency_key"),
        (.unexpectedStatus(400), "invalid_idempotency_key"), (.conflict, "idempotency_key_in_use"),
        (.unexpectedStatus(413), "payload_too_large"),
    ])
    nonisolated static let lookupInputs = HTTPClientErrorSamples.all(plus: [(.notFound, "transfer_not_found")])

    @Test(arguments: sendInputs)
    func sendingMapsEveryHTTPClientErrorAsDocumented(_ input: (key: String, error: HTTPClientError)) async throws {
        let (sut, probe) = makeRepository(.failure(input.error))

        let thrown = try #require(
            await outcome(of: TransferRepositoryError.self, try await sut.send(Self.draft)).error)

        try BoundaryTable("RemoteTransferRepository.send").check(
            input.key, category: input.error.category, reaction: .recorded(by: .data, in: probe, result: thrown))
    }

    @Test func aBrokenAnswerToASendLeavesTheOutcomeUnknown() async throws {
        let (sut, probe) = makeRepository(.success(.json(201, #"{"status":"completed"}"#)))

        let thrown = try #require(
            await outcome(of: TransferRepositoryError.self, try await sut.send(Self.draft)).error)

        try BoundaryTable("RemoteTransferRepository.send").check(
            "DecodingFailure", category: .unhandleable, reaction: .recorded(by: .data, in: probe, result: thrown))
    }

    @Test(arguments: lookupInputs)
    func lookingUpMapsEveryHTTPClientErrorAsDocumented(_ input: (key: String, error: HTTPClientError)) async throws {
        let (sut, probe) = makeRepository(.failure(input.error))

        let thrown = try #require(
            await outcome(of: TransferRepositoryError.self, try await sut.transfer(id: "t-1")).error)

        try BoundaryTable("RemoteTransferRepository.transfer(id:)").check(
            input.key, category: input.error.category, reaction: .recorded(by: .data, in: probe, result: thrown))
    }

    @Test func theRepositoryTablesNameNothingElse() throws {
        try BoundaryTable("RemoteTransferRepository.send").checkNamesExactly(
            Self.sendInputs.map(\.key) + ["DecodingFailure"])
        try BoundaryTable("RemoteTransferRepository.transfer(id:)").checkNamesExactly(Self.lookupInputs.map(\.key))
    }

    @Test(arguments: TransferRepositoryError.allCases)
    func theUseCaseReactsToEveryRepositoryErrorAsDocumented(_ error: TransferRepositoryError) async throws {
        let probe = JourneyProbe()
        let sut = SendTransferUseCase(transfers: FailingTransfers(error: error), logger: probe.logger)

        let thrown = try #require(
            await outcome(
                of: TransferError.self,
                try await sut.send(toAccount: "DE89", amount: "1", currency: "EUR", note: nil)
            ).error)

        try BoundaryTable("SendTransferUseCase").check(
            error.journeyName, category: error.category, reaction: .recorded(by: .domain, in: probe, result: thrown))
    }

    @Test func theUseCaseChecksTheFormBeforeAnything() async throws {
        let probe = JourneyProbe()
        let transfers = FailingTransfers(error: .cancelled)
        let sut = SendTransferUseCase(transfers: transfers, logger: probe.logger)

        let thrown = try #require(
            await outcome(
                of: TransferError.self,
                try await sut.send(toAccount: "", amount: "0", currency: "eur", note: nil)
            ).error)

        #expect(transfers.calls.value == 0, "nothing is sent")
        try BoundaryTable("SendTransferUseCase").check(
            "the form before sending", category: nil, reaction: .recorded(by: .domain, in: probe, result: thrown))
    }

    @Test func theUseCaseTableNamesNothingElse() throws {
        try BoundaryTable("SendTransferUseCase").checkNamesExactly(
            TransferRepositoryError.allCases.map(\.journeyName) + ["the form before sending"])
    }

    @Test(arguments: TransferError.allCases)
    func theFormReactsToEveryErrorAsDocumented(_ error: TransferError) async throws {
        let probe = JourneyProbe()
        let sut = TransferFormViewModel(
            transfers: StubTransfers(error: error), router: Router(environment: .dev, logger: probe.logger),
            logger: probe.logger)

        await sut.send()

        try BoundaryTable("TransferFormViewModel").check(
            error.journeyName, category: error.category, reaction: .recorded(by: .presentation, in: probe))
    }

    @Test func theFormTableNamesNothingElse() throws {
        try BoundaryTable("TransferFormViewModel").checkNamesExactly(TransferError.allCases.map(\.journeyName))
    }

    // MARK: - Helpers

    nonisolated static var draft: TransferDraft {
        guard
            case .success(let draft) = TransferDraft.validated(
                toAccount: "DE89", amount: "12.50", currency: "EUR", note: nil)
        else { preconditionFailure("a valid form") }
        return draft
    }

    private func makeRepository(_ result: Result<HTTPResponse, HTTPClientError>) -> (
        RemoteTransferRepository, JourneyProbe
    ) {
        let probe = JourneyProbe()
        let sut = RemoteTransferRepository(
            client: HTTPClientSpy(results: [result]), baseURL: TestApp.baseURL, reporter: ClientReportingSpy(),
            logger: probe.logger)
        return (sut, probe)
    }
}

private struct FailingTransfers: TransferRepository {
    let error: TransferRepositoryError
    let calls = Counter()

    func send(_ draft: TransferDraft) async throws(TransferRepositoryError) -> Transfer {
        calls.increment()
        throw error
    }

    func transfer(id: String) async throws(TransferRepositoryError) -> Transfer { throw error }
}

private struct StubTransfers: TransferSending {
    let error: TransferError

    func send(
        toAccount: String, amount: String, currency: String, note: String?, again: Bool
    ) async throws(TransferError) -> Transfer { throw error }

    func status(of id: String) async throws(TransferError) -> Transfer { throw error }
}
