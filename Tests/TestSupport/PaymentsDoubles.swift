public import Decoding
public import Domain
import Foundation
public import Networking
import SharedError
import Testing

/// A wallet repository that answers from memory and counts its calls.
public final class InMemoryWalletRepository: WalletRepository {
    private let result: Result<Wallet, WalletRepositoryError>
    private let calls = LockedState(0)

    /// Makes a repository that answers every call with `result`.
    public init(_ result: Result<Wallet, WalletRepositoryError>) {
        self.result = result
    }

    /// How many times ``fetchWallet()`` was called.
    public var callCount: Int { calls.withLock { $0 } }

    /// Counts the call, then returns the wallet or throws the error of `result`.
    public func fetchWallet() async throws(WalletRepositoryError) -> Wallet {
        calls.withLock { $0 += 1 }
        return try result.get()
    }
}

/// A payment-cards repository that answers from memory and counts its calls.
public final class InMemoryPaymentCardsRepository: PaymentCardsRepository {
    private let result: Result<[PaymentCard], PaymentCardsRepositoryError>
    private let calls = LockedState(0)

    /// Makes a repository that answers every call with `result`.
    public init(_ result: Result<[PaymentCard], PaymentCardsRepositoryError>) {
        self.result = result
    }

    /// How many times ``fetchCards()`` was called.
    public var callCount: Int { calls.withLock { $0 } }

    /// Counts the call, then returns the cards or throws the error of `result`.
    public func fetchCards() async throws(PaymentCardsRepositoryError) -> [PaymentCard] {
        calls.withLock { $0 += 1 }
        return try result.get()
    }
}

/// An Apple Pay service with a fixed answer.
public struct StubApplePayService: ApplePayService {
    private let result: Result<ApplePay, ApplePayError>

    /// Makes a service that answers every call with `result`.
    public init(_ result: Result<ApplePay, ApplePayError>) {
        self.result = result
    }

    /// Returns Apple Pay or throws the error of `result`.
    public func fetchApplePay() throws(ApplePayError) -> ApplePay {
        try result.get()
    }
}

/// A payment-methods use case with a fixed answer, for view-model tests.
public struct StubPaymentMethodsLoading: PaymentMethodsLoading {
    private let result: Result<[PaymentMethod], PaymentMethodsError>

    /// Makes a use case that answers every call with `result`.
    public init(_ result: Result<[PaymentMethod], PaymentMethodsError>) {
        self.result = result
    }

    /// Returns the methods or throws the error of `result`.
    public func execute() async throws(PaymentMethodsError) -> [PaymentMethod] {
        try result.get()
    }
}

/// A wallet-page use case with a fixed answer, for view-model tests.
public struct StubWalletPageLoading: WalletPageLoading {
    private let result: Result<Wallet, WalletPageError>

    /// Makes a use case that answers every call with `result`.
    public init(_ result: Result<Wallet, WalletPageError>) {
        self.result = result
    }

    /// Returns the wallet or throws the error of `result`.
    public func execute() async throws(WalletPageError) -> Wallet {
        try result.get()
    }
}

/// Sample entities for payments tests.
public enum PaymentsSamples {
    /// An active wallet holding EUR 12.50.
    public static let wallet = Wallet(id: "w-1", balance: Money(amount: 12.5, currency: "EUR"))
    /// A Visa card ending 4242, expiring 04/2027.
    public static let visa = PaymentCard(
        id: "c-1", brand: .visa, last4: "4242", expiryMonth: 4, expiryYear: 2027, holderName: "Ada Lovelace")
    /// A Mastercard ending 4444, expiring 11/2028.
    public static let mastercard = PaymentCard(
        id: "c-2", brand: .mastercard, last4: "4444", expiryMonth: 11, expiryYear: 2028, holderName: "Ada Lovelace")
}

/// Records what repositories hand to the client-report sender.
public final class ClientReportingSpy: ClientReporting {
    /// One defect as it was submitted.
    public struct Submission: Hashable, Sendable {
        /// The endpoint the report was for.
        public var endpoint: String
        /// The defect's key path.
        public var keyPath: String
        /// The defect's kind.
        public var kind: DefectKind
    }

    private let storage = LockedState<[Submission]>([])

    /// Makes a spy that has recorded nothing.
    public init() {}

    /// One entry per defect, in order.
    public var submitted: [Submission] { storage.withLock { $0 } }

    /// Records one ``Submission`` per defect of `report`; a clean report records nothing.
    public func submit(_ report: DecodingReport, endpoint: String) {
        storage.withLock { submissions in
            submissions += report.defects.map { Submission(endpoint: endpoint, keyPath: $0.keyPath, kind: $0.kind) }
        }
    }
}

/// A wallet repository that holds every call until its gate opens, for tests of what happens meanwhile.
public final class GatedWalletRepository: WalletRepository {
    private let gate: AsyncGate
    private let result: Result<Wallet, WalletRepositoryError>

    /// Makes a repository that holds each call at `gate`, then answers with `result`.
    public init(gate: AsyncGate, result: Result<Wallet, WalletRepositoryError>) {
        self.gate = gate
        self.result = result
    }

    /// Waits for the gate to open, then returns the wallet or throws the error of `result`.
    public func fetchWallet() async throws(WalletRepositoryError) -> Wallet {
        await gate.wait()
        return try result.get()
    }
}

/// Answers each call with the next of its results (the last one repeats), for tests that load a screen twice.
public final class ResultSequence<Value: Sendable, Failure: Error>: Sendable {
    private let results: LockedState<[Result<Value, Failure>]>

    /// Makes a sequence; `results` must not be empty.
    public init(_ results: [Result<Value, Failure>]) {
        precondition(!results.isEmpty, "give at least one result")
        self.results = LockedState(results)
    }

    /// Returns or throws the next result; the last one repeats for good.
    public func next() throws(Failure) -> Value {
        try results.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }.get()
    }
}

/// A payment-methods use case answering from a ``ResultSequence``.
public struct SequencedPaymentMethodsLoading: PaymentMethodsLoading {
    private let results: ResultSequence<[PaymentMethod], PaymentMethodsError>

    /// Makes a use case that answers with `results` in turn, the last one repeated.
    public init(_ results: [Result<[PaymentMethod], PaymentMethodsError>]) {
        self.results = ResultSequence(results)
    }

    /// Returns or throws the next result of the sequence.
    public func execute() async throws(PaymentMethodsError) -> [PaymentMethod] { try results.next() }
}

/// A wallet-page use case answering from a ``ResultSequence``.
public struct SequencedWalletPageLoading: WalletPageLoading {
    private let results: ResultSequence<Wallet, WalletPageError>

    /// Makes a use case that answers with `results` in turn, the last one repeated.
    public init(_ results: [Result<Wallet, WalletPageError>]) {
        self.results = ResultSequence(results)
    }

    /// Returns or throws the next result of the sequence.
    public func execute() async throws(WalletPageError) -> Wallet { try results.next() }
}
