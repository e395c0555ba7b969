import Composition
import Domain
import Foundation
import Networking
import PaymentsFeature
import SharedError
import TestSupport
import Testing

/// One set of expectations per repository, run over every transport: an in-memory one and real HTTP on a loopback
/// server. The same bytes must give the same answer, whatever carried them.
enum RepositoryImplementation: String, CaseIterable, Sendable {
    case remoteInMemory
    case remoteOverLoopback
}

enum WalletFixture: String, CaseIterable, Sendable {
    case active, missing, banned, inReview, broken

    var expected: Result<Wallet, WalletRepositoryError> {
        switch self {
        case .active: .success(PaymentsSamples.wallet)
        case .missing: .failure(.noWalletFound)
        case .banned: .failure(.banned)
        case .inReview: .failure(.inReview(.pending))
        case .broken: .failure(.unavailable(.sample))
        }
    }

    var served: ScriptedResponse {
        switch self {
        case .active: .json(200, Bodies.wallet)
        case .missing: .json(404, #"{"error":"wallet_not_found","message":"No wallet"}"#)
        case .banned: .json(403, #"{"error":"wallet_banned","message":"Banned"}"#)
        case .inReview: .json(200, Bodies.walletInReview("pending"))
        case .broken: .text(500, "<html>Internal Server Error</html>")
        }
    }
}

enum CardsFixture: String, CaseIterable, Sendable {
    case twoCards, noCards, oneMalformed, serviceDown, locked, broken

    var expected: Result<[PaymentCard], PaymentCardsRepositoryError> {
        switch self {
        case .twoCards: .success([PaymentsSamples.visa, PaymentsSamples.mastercard])
        case .noCards: .success([])
        case .oneMalformed: .success([PaymentsSamples.visa])
        case .serviceDown: .failure(.serviceDown)
        case .locked: .failure(.cardsLocked)
        case .broken: .failure(.unavailable(.sample))
        }
    }

    var served: ScriptedResponse {
        switch self {
        case .twoCards:
            .json(200, Bodies.cards([Bodies.card("c-1", "visa", "4242", 4), Self.mastercard]))
        case .noCards: .json(200, Bodies.cards([]))
        case .oneMalformed:
            .json(200, Bodies.cards([Bodies.card("c-1", "visa", "4242", 4), Bodies.card("c-9", "visa", "12", 4)]))
        case .serviceDown: .json(200, Bodies.envelopeError("SERVICE_DOWN"))
        case .locked: .json(200, Bodies.envelopeError("CARDS_LOCKED"))
        case .broken: .json(200, #"{"status":"ok"}"#)
        }
    }

    private static let mastercard =
        #"{"id":"c-2","brand":"mastercard","last4":"4444","expiryMonth":11,"expiryYear":2028,"holderName":"Ada Lovelace"}"#
}

@Suite("Repository contracts", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct RepositoryContractTests {
    @Test(arguments: RepositoryImplementation.allCases, WalletFixture.allCases)
    func walletRepositoryKeepsTheContract(_ implementation: RepositoryImplementation, _ fixture: WalletFixture)
        async throws
    {
        try await withWalletRepository(implementation, fixture) { sut in
            let result = await outcome(of: WalletRepositoryError.self, try await sut.fetchWallet())
            #expect(result.value == fixture.expected.value)
            #expect(result.error?.journeyName == fixture.expected.error?.journeyName)
        }
    }

    @Test(arguments: RepositoryImplementation.allCases, CardsFixture.allCases)
    func paymentCardsRepositoryKeepsTheContract(_ implementation: RepositoryImplementation, _ fixture: CardsFixture)
        async throws
    {
        try await withCardsRepository(implementation, fixture) { sut in
            let result = await outcome(of: PaymentCardsRepositoryError.self, try await sut.fetchCards())
            #expect(result.value == fixture.expected.value)
            #expect(result.error?.journeyName == fixture.expected.error?.journeyName)
        }
    }

    // MARK: - Implementations

    private func withWalletRepository(
        _ implementation: RepositoryImplementation, _ fixture: WalletFixture,
        _ body: (any WalletRepository) async throws -> Void
    ) async throws {
        switch implementation {
        case .remoteInMemory:
            let client = StatusCodeMappingHTTPClient(
                decoratee: HTTPClientSpy(answering: fixture.served.response), logger: quietLogger)
            try await body(
                RemoteWalletRepository(
                    client: client, baseURL: TestApp.baseURL, reporter: ClientReportingSpy(), logger: quietLogger)
            )
        case .remoteOverLoopback:
            let server = try await LoopbackServer.start { _ in fixture.served }
            let client = StatusCodeMappingHTTPClient(
                decoratee: URLSessionHTTPClient(), logger: quietLogger)
            try await body(
                RemoteWalletRepository(
                    client: client, baseURL: server.baseURL, reporter: ClientReportingSpy(), logger: quietLogger))
            await server.stop()
        }
    }

    private func withCardsRepository(
        _ implementation: RepositoryImplementation, _ fixture: CardsFixture,
        _ body: (any PaymentCardsRepository) async throws -> Void
    ) async throws {
        switch implementation {
        case .remoteInMemory:
            let client = ErrorEnvelopeMappingHTTPClient(
                decoratee: StatusCodeMappingHTTPClient(
                    decoratee: HTTPClientSpy(answering: fixture.served.response), logger: quietLogger),
                logger: quietLogger)
            try await body(
                RemotePaymentCardsRepository(
                    client: client, baseURL: TestApp.baseURL, reporter: ClientReportingSpy(), logger: quietLogger)
            )
        case .remoteOverLoopback:
            let server = try await LoopbackServer.start { _ in fixture.served }
            let client = ErrorEnvelopeMappingHTTPClient(
                decoratee: StatusCodeMappingHTTPClient(
                    decoratee: URLSessionHTTPClient(), logger: quietLogger),
                logger: quietLogger)
            try await body(
                RemotePaymentCardsRepository(
                    client: client, baseURL: server.baseURL, reporter: ClientReportingSpy(), logger: quietLogger))
            await server.stop()
        }
    }
}

extension ScriptedResponse {
    /// The same answer, as an in-memory transport gives it.
    var response: HTTPResponse {
        var fields = HTTPHeaders()
        for (name, value) in headers { fields[name] = value }
        return HTTPResponse(status: status, headers: fields, body: body)
    }
}
