public import Domain
import Foundation
public import Networking
public import SharedError

/// An error whose `allCases` the compiler keeps complete, so that tests which run "every case" cannot silently miss
/// a new one: adding a case breaks the exhaustive switch in ``sampleCase`` until it has a name in ``SampleCase``,
/// and a new name breaks the exhaustive switch in ``samples(of:)`` until it has sample values.
///
/// Test API only: production code never needs every value of an error.
public protocol SampledCases: CaseIterable {
    /// One name per case, payloads left out.
    associatedtype SampleCase: CaseIterable
    /// This value's case.
    var sampleCase: SampleCase { get }
    /// Values of the named case, one per payload worth telling apart.
    static func samples(of name: SampleCase) -> [Self]
}

extension SampledCases {
    /// Every sample of every case.
    public static var allCases: [Self] { SampleCase.allCases.flatMap(samples(of:)) }
}

extension SampledCases where Self: LayerError {
    /// What the samples carry that their declared cases (``LayerError/errorCase``) leave out, one line each: a case
    /// named other than the source spells it, an app-wide condition it carries but does not declare (or declares
    /// without an `appWide` case), a diagnostic it carries but does not hand on, a raw value its journey name does not
    /// show, an unexplained case with no diagnostic. Empty when every case keeps the convention.
    ///
    /// The declarations are checked against the values by reflection, which only tests may use: the modules never
    /// read a value to learn what it is.
    public static var undeclaredPayloads: [String] {
        allCases.flatMap { sample -> [String] in
            var problems: [String] = []
            let payload = Mirror(reflecting: sample).children.map(\.value)
            let carried = payload.flatMap { [$0] + reachable(from: $0) }
            let conditions = carried.compactMap { $0 as? AppWideCondition }
            if sample.caseName != "\(sample.sampleCase)" {
                problems.append("is declared as \(sample.caseName ?? "no case"), not \(sample.sampleCase)")
            }
            let declared = sample.appWideCondition
            if declared != conditions.first || conditions.count > 1 {
                problems.append(
                    "carries \(conditions.map(\.journeyName)) but declares \(declared?.journeyName ?? "none")")
            }
            if (declared != nil) != (sample.caseName == "appWide") {
                problems.append(
                    declared == nil ? "declares no condition" : "declares a condition outside an appWide case")
            }
            for diagnostic in carried.compactMap({ $0 as? Diagnostic }) where !sample.diagnostics.contains(diagnostic) {
                problems.append("carries \(diagnostic.error) but does not hand it on")
            }
            for raw in payload.compactMap({ ($0 as? any RawRepresentable<String>)?.rawValue })
            where !sample.journeyName.hasSuffix("(\(raw))") {
                problems.append("does not name \(raw)")
            }
            if sample.category == .default, sample.diagnostics.isEmpty {
                problems.append("is unexplained without a diagnostic")
            }
            return problems.map { "\(sample.journeyName) \($0)" }
        }
    }

    private static func reachable(from value: Any, depth: Int = 0) -> [Any] {
        guard depth < 6 else { return [] }
        let children = Mirror(reflecting: value).children.map(\.value)
        return children + children.flatMap { reachable(from: $0, depth: depth + 1) }
    }
}

extension Diagnostic {
    /// A stand-in diagnostic for a case that carries one.
    public static let sample = Diagnostic(error: "HTTPClientError.server(500)", layer: .networking, status: 500)
}

extension UnknownBusinessError {
    /// A stand-in for a case that wraps one.
    public static let sample = UnknownBusinessError(underlying: [.sample])
}

extension HTTPClientError.Kind: SampledCases {
    /// One name per case of ``HTTPClientError/Kind``.
    public enum SampleCase: CaseIterable, Sendable {
        case offline, timedOut, cancelled, connectionLost, invalidResponse, bodyTooLarge
        case unauthorized, forbidden, notFound, requestTimeout, conflict, tooManyRequests, server
        case unexpectedStatus, errorEnvelope, sessionExpired, journalRefused
    }

    /// The name of this kind's case.
    public var sampleCase: SampleCase {
        switch self {
        case .offline: .offline
        case .timedOut: .timedOut
        case .cancelled: .cancelled
        case .connectionLost: .connectionLost
        case .invalidResponse: .invalidResponse
        case .bodyTooLarge: .bodyTooLarge
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .requestTimeout: .requestTimeout
        case .conflict: .conflict
        case .tooManyRequests: .tooManyRequests
        case .server: .server
        case .unexpectedStatus: .unexpectedStatus
        case .errorEnvelope: .errorEnvelope
        case .sessionExpired: .sessionExpired
        case .journalRefused: .journalRefused
        }
    }

    /// One sample per case, the four transient statuses for `server`, and every refusal of the journal.
    public static func samples(of name: SampleCase) -> [Self] {
        switch name {
        case .offline: [.offline]
        case .timedOut: [.timedOut]
        case .cancelled: [.cancelled]
        case .connectionLost: [.connectionLost]
        case .invalidResponse: [.invalidResponse]
        case .bodyTooLarge: [.bodyTooLarge(limit: 1_048_576)]
        case .unauthorized: [.unauthorized]
        case .forbidden: [.forbidden]
        case .notFound: [.notFound]
        case .requestTimeout: [.requestTimeout]
        case .conflict: [.conflict]
        case .tooManyRequests: [.tooManyRequests]
        case .server: [500, 502, 503, 504].map { .server(status: $0) }
        case .unexpectedStatus: [.unexpectedStatus(418)]
        case .errorEnvelope: [.errorEnvelope(code: "SERVICE_DOWN")]
        case .sessionExpired: [.sessionExpired]
        case .journalRefused: JournalRefusal.samples.map(Self.journalRefused)
        }
    }
}

extension JournalRefusal {
    /// One refusal of each kind.
    public static let samples: [JournalRefusal] = [
        .busy(path: "/state/pending-writes.json"), .unusable(path: "/state/pending-writes.json", problem: "corrupt"),
        .full(limit: 100, waiting: 3),
        .unresolvedAndExpired(since: Date(timeIntervalSince1970: 1_800_000_000), key: "k"),
        .waitingElsewhere(
            backend: "http://127.0.0.1:8080", since: Date(timeIntervalSince1970: 1_800_000_000), key: "k"),
        .madeEarlier(at: Date(timeIntervalSince1970: 1_800_000_000)), .tooLarge(bytes: 20_000, limit: 16_384),
    ]
}

extension WalletRepositoryError: SampledCases {
    /// One name per case of `WalletRepositoryError`.
    public enum SampleCase: CaseIterable { case noWalletFound, banned, inReview, unavailable, appWide, cancelled }

    /// The name of this error's case.
    public var sampleCase: SampleCase {
        switch self {
        case .noWalletFound: .noWalletFound
        case .banned: .banned
        case .inReview: .inReview
        case .unavailable: .unavailable
        case .appWide: .appWide
        case .cancelled: .cancelled
        }
    }

    /// One sample per case, every review state for `inReview` and every app-wide condition for `appWide`.
    public static func samples(of name: SampleCase) -> [Self] {
        switch name {
        case .noWalletFound: [.noWalletFound]
        case .banned: [.banned]
        case .inReview: ReviewState.allCases.map(Self.inReview)
        case .unavailable: [.unavailable(.sample)]
        case .appWide: AppWideCondition.allCases.map(Self.appWide)
        case .cancelled: [.cancelled]
        }
    }
}

extension PaymentCardsRepositoryError: SampledCases {
    /// One name per case of `PaymentCardsRepositoryError`.
    public enum SampleCase: CaseIterable { case serviceDown, cardsLocked, unavailable, appWide, cancelled }

    /// The name of this error's case.
    public var sampleCase: SampleCase {
        switch self {
        case .serviceDown: .serviceDown
        case .cardsLocked: .cardsLocked
        case .unavailable: .unavailable
        case .appWide: .appWide
        case .cancelled: .cancelled
        }
    }

    /// One sample per case, and every app-wide condition for `appWide`.
    public static func samples(of name: SampleCase) -> [Self] {
        switch name {
        case .serviceDown: [.serviceDown]
        case .cardsLocked: [.cardsLocked]
        case .unavailable: [.unavailable(.sample)]
        case .appWide: AppWideCondition.allCases.map(Self.appWide)
        case .cancelled: [.cancelled]
        }
    }
}

extension ProfileRepositoryError: SampledCases {
    /// One name per case of `ProfileRepositoryError`.
    public enum SampleCase: CaseIterable { case malformed, unavailable, appWide, cancelled }

    /// The name of this error's case.
    public var sampleCase: SampleCase {
        switch self {
        case .malformed: .malformed
        case .unavailable: .unavailable
        case .appWide: .appWide
        case .cancelled: .cancelled
        }
    }

    /// One sample per case (a missing `id` for `malformed`), and every app-wide condition for `appWide`.
    public static func samples(of name: SampleCase) -> [Self] {
        switch name {
        case .malformed: [.malformed(keyPath: "id")]
        case .unavailable: [.unavailable(.sample)]
        case .appWide: AppWideCondition.allCases.map(Self.appWide)
        case .cancelled: [.cancelled]
        }
    }
}

extension SignInError: SampledCases {
    /// One name per case of `SignInError`.
    public enum SampleCase: CaseIterable {
        case cancelled, failed, unknown, identityRejected, banned, unavailable, appWide
    }

    /// The name of this error's case.
    public var sampleCase: SampleCase {
        switch self {
        case .cancelled: .cancelled
        case .failed: .failed
        case .unknown: .unknown
        case .identityRejected: .identityRejected
        case .banned: .banned
        case .unavailable: .unavailable
        case .appWide: .appWide
        }
    }

    /// One sample per case; `appWide` only offline and timed out, the conditions sign-in can meet.
    public static func samples(of name: SampleCase) -> [Self] {
        switch name {
        case .cancelled: [.cancelled]
        case .failed: [.failed]
        case .unknown: [.unknown]
        case .identityRejected: [.identityRejected]
        case .banned: [.banned]
        case .unavailable: [.unavailable(.sample)]
        case .appWide: [.appWide(.offline), .appWide(.timedOut)]
        }
    }
}

extension PaymentMethodsError: SampledCases {
    /// One name per case of `PaymentMethodsError`.
    public enum SampleCase: CaseIterable { case noPaymentMethodsFound, appWide, unknown, cancelled }

    /// The name of this error's case.
    public var sampleCase: SampleCase {
        switch self {
        case .noPaymentMethodsFound: .noPaymentMethodsFound
        case .appWide: .appWide
        case .unknown: .unknown
        case .cancelled: .cancelled
        }
    }

    /// One sample per case, and every app-wide condition for `appWide`.
    public static func samples(of name: SampleCase) -> [Self] {
        switch name {
        case .noPaymentMethodsFound: [.noPaymentMethodsFound]
        case .appWide: AppWideCondition.allCases.map(Self.appWide)
        case .unknown: [.unknown(.sample)]
        case .cancelled: [.cancelled]
        }
    }
}

extension WalletPageError: SampledCases {
    /// One name per case of `WalletPageError`.
    public enum SampleCase: CaseIterable { case noWallet, banned, inReview, appWide, unknown, cancelled }

    /// The name of this error's case.
    public var sampleCase: SampleCase {
        switch self {
        case .noWallet: .noWallet
        case .banned: .banned
        case .inReview: .inReview
        case .appWide: .appWide
        case .unknown: .unknown
        case .cancelled: .cancelled
        }
    }

    /// One sample per case, every review state for `inReview` and every app-wide condition for `appWide`.
    public static func samples(of name: SampleCase) -> [Self] {
        switch name {
        case .noWallet: [.noWallet]
        case .banned: [.banned]
        case .inReview: ReviewState.allCases.map(Self.inReview)
        case .appWide: AppWideCondition.allCases.map(Self.appWide)
        case .unknown: [.unknown(.sample)]
        case .cancelled: [.cancelled]
        }
    }
}

extension TransferRepositoryError: SampledCases {
    /// One name per case of `TransferRepositoryError`.
    public enum SampleCase: CaseIterable {
        case rejected, insufficientFunds, walletBanned, noWallet, notFound, keyReused, outcomeUnknown, notSent
        case withheld, unavailable, appWide, cancelled
    }

    /// The name of this error's case.
    public var sampleCase: SampleCase {
        switch self {
        case .rejected: .rejected
        case .insufficientFunds: .insufficientFunds
        case .walletBanned: .walletBanned
        case .noWallet: .noWallet
        case .notFound: .notFound
        case .keyReused: .keyReused
        case .outcomeUnknown: .outcomeUnknown
        case .notSent: .notSent
        case .withheld: .withheld
        case .unavailable: .unavailable
        case .appWide: .appWide
        case .cancelled: .cancelled
        }
    }

    /// One sample per case, and every app-wide condition for `appWide`.
    public static func samples(of name: SampleCase) -> [Self] {
        switch name {
        case .rejected: [.rejected([FieldProblem(field: .amount, code: .tooLarge)])]
        case .insufficientFunds: [.insufficientFunds]
        case .walletBanned: [.walletBanned]
        case .noWallet: [.noWallet]
        case .notFound: [.notFound]
        case .keyReused: [.keyReused(.sample)]
        case .outcomeUnknown: [.outcomeUnknown(.sample)]
        case .notSent: [.notSent]
        case .withheld: WithheldReason.allCases.map(Self.withheld)
        case .unavailable: [.unavailable(.sample)]
        case .appWide: AppWideCondition.allCases.map(Self.appWide)
        case .cancelled: [.cancelled]
        }
    }
}

extension TransferError: SampledCases {
    /// One name per case of `TransferError`.
    public enum SampleCase: CaseIterable {
        case invalid, insufficientFunds, walletBanned, noWallet, notFound, outcomeUnknown, notSent, withheld, appWide
        case unknown, cancelled
    }

    /// The name of this error's case.
    public var sampleCase: SampleCase {
        switch self {
        case .invalid: .invalid
        case .insufficientFunds: .insufficientFunds
        case .walletBanned: .walletBanned
        case .noWallet: .noWallet
        case .notFound: .notFound
        case .outcomeUnknown: .outcomeUnknown
        case .notSent: .notSent
        case .withheld: .withheld
        case .appWide: .appWide
        case .unknown: .unknown
        case .cancelled: .cancelled
        }
    }

    /// One sample per case, and every app-wide condition for `appWide`.
    public static func samples(of name: SampleCase) -> [Self] {
        switch name {
        case .invalid: [.invalid([FieldProblem(field: .amount, code: .notPositive)])]
        case .insufficientFunds: [.insufficientFunds]
        case .walletBanned: [.walletBanned]
        case .noWallet: [.noWallet]
        case .notFound: [.notFound]
        case .outcomeUnknown: [.outcomeUnknown(.sample)]
        case .notSent: [.notSent]
        case .withheld: WithheldReason.allCases.map(Self.withheld)
        case .appWide: AppWideCondition.allCases.map(Self.appWide)
        case .unknown: [.unknown(.sample)]
        case .cancelled: [.cancelled]
        }
    }
}
