import Domain
import Foundation
import Logging
import Navigation
import Networking
import SharedError
import TestSupport
import TransfersFeature

/// The transfers feature composed as the app composes it (the chain as `HTTPChain` builds it), over an in-memory
/// backend: the form's view model, the use case, the remote repository.
@MainActor
struct TransfersWorld {
    nonisolated static let baseURL = TestURL.make("")

    let spy: HTTPClientSpy
    let session: AuthenticationSessionSpy
    let probe = JourneyProbe()
    let clock: VirtualClock
    let router: Router
    let repository: RemoteTransferRepository
    private let keys = Counter()

    init(
        session: AuthenticationSessionSpy = AuthenticationSessionSpy(),
        clock: VirtualClock = VirtualClock(autoAdvanceLimit: .seconds(5)),
        environment: AppEnvironment = .dev,
        script: @escaping HTTPClientSpy.Script
    ) {
        spy = HTTPClientSpy(script: script)
        self.session = session
        self.clock = clock
        router = Router(environment: environment, logger: probe.logger)
        let chain = HTTPChain(
            transport: spy, clock: clock, random: FixedRandomSource(0.5), logger: probe.logger,
            makeSession: { _ in session })
        repository = RemoteTransferRepository(
            client: chain.authenticated, baseURL: Self.baseURL, reporter: ClientReportingSpy(), logger: probe.logger)
    }

    /// The form, with keys `key-1`, `key-2`, … so tests can tell them apart.
    func form() -> TransferFormViewModel {
        let keys = self.keys
        return TransferFormViewModel(
            transfers: SendTransferUseCase(transfers: repository, logger: probe.logger), router: router,
            logger: probe.logger, makeKey: { "key-\(keys.increment())" })
    }

    /// The journey as `layer action from → to`, one string per step.
    var journey: [String] {
        probe.events().map { "\($0.layer.rawValue) \($0.action.rawValue) \($0.from) → \($0.to ?? "nil")" }
    }

    /// The `Idempotency-Key` of every transfer request sent, in order.
    var sentKeys: [String?] {
        spy.requests.filter { $0.path == "/v1/transfers" }.map { $0.headers[HeaderName.idempotencyKey] }
    }
}

/// Bodies of the transfers contract.
enum TransferBodies {
    static func transfer(_ id: String = "t-1", status: String = "completed") -> String {
        #"{"id":"\#(id)","status":"\#(status)","amount":"12.50","currency":"EUR","toAccount":"DE89","createdAt":"2026-11-23T10:00:00Z"}"#
    }

    static let validationFailed =
        #"{"error":"validation_failed","message":"no","fields":[{"field":"amount","code":"too_large","message":"x"},{"field":"toAccount","code":"invalid","message":"y"},{"field":"note","code":"brand_new_code","message":"z"}]}"#
}

extension TransferFormViewModel {
    /// Types a valid form and sends it.
    func sendForm(toAccount: String = "DE89", amount: String = "12.50", note: String = "rent") async {
        edit(toAccount: toAccount, amount: amount, currency: "EUR", note: note)
        await send()
    }
}
