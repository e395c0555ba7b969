public import SharedError

/// What sending a transfer (or looking one up) can end with, in the transfer screen's terms.
public enum TransferError: Error, Hashable, Sendable, JourneyDescribable, CategorizedError, Diagnosable {
    /// Fields the user has to fix: found before sending, or refused by the backend. Shown on the fields.
    case invalid([FieldProblem])
    case insufficientFunds
    case walletBanned
    case noWallet
    /// No transfer has that id.
    case notFound
    /// It may or may not have gone through; sending it again with the same key is safe.
    case outcomeUnknown(Diagnostic)
    /// Nothing was sent: the device had no connection.
    case notSent
    case shared(APIError)
    case sessionExpired
    /// Nothing explains it (a reused key, a failing service).
    case unknown(UnknownBusinessError)
    case cancelled

    public var journeyName: String {
        switch self {
        case .invalid(let problems): "TransferError.invalid(\(problems.map(\.field.rawValue).joined(separator: ",")))"
        case .shared(let error): "TransferError.shared(\(error.journeyName))"
        case .unknown: "TransferError.unknown(UnknownBusinessError)"
        default: "TransferError.\(caseName)"
        }
    }

    public var category: ErrorCategory {
        switch self {
        case .cancelled: .ignorable
        case .unknown: .default
        case .invalid, .insufficientFunds, .walletBanned, .noWallet, .notFound, .outcomeUnknown, .notSent, .shared,
            .sessionExpired:
            .unhandleableHere
        }
    }

    public var diagnostics: [Diagnostic] {
        switch self {
        case .unknown(let error): error.diagnostics
        case .outcomeUnknown(let diagnostic): [diagnostic]
        default: [Diagnostic(error: journeyName, layer: .domain)]
        }
    }
}

extension TransferError: SampledCases {
    public enum CaseName: CaseIterable {
        case invalid, insufficientFunds, walletBanned, noWallet, notFound, outcomeUnknown, notSent, shared
        case sessionExpired, unknown, cancelled
    }

    public var caseName: CaseName {
        switch self {
        case .invalid: .invalid
        case .insufficientFunds: .insufficientFunds
        case .walletBanned: .walletBanned
        case .noWallet: .noWallet
        case .notFound: .notFound
        case .outcomeUnknown: .outcomeUnknown
        case .notSent: .notSent
        case .shared: .shared
        case .sessionExpired: .sessionExpired
        case .unknown: .unknown
        case .cancelled: .cancelled
        }
    }

    public static func samples(of name: CaseName) -> [Self] {
        switch name {
        case .invalid: [.invalid([FieldProblem(field: .amount, code: .tooLarge)])]
        case .insufficientFunds: [.insufficientFunds]
        case .walletBanned: [.walletBanned]
        case .noWallet: [.noWallet]
        case .notFound: [.notFound]
        case .outcomeUnknown: [.outcomeUnknown(.sample)]
        case .notSent: [.notSent]
        case .shared: APIError.allCases.map(Self.shared)
        case .sessionExpired: [.sessionExpired]
        case .unknown: [.unknown(UnknownBusinessError(underlying: [.sample]))]
        case .cancelled: [.cancelled]
        }
    }
}

/// Sends a transfer the user confirmed; the use case implements it, view-model tests stub it.
public protocol TransferSending: Sendable {
    /// Checks the form, then sends it once under `idempotencyKey`.
    func send(
        toAccount: String, amount: String, currency: String, note: String?, idempotencyKey: String
    ) async throws(TransferError) -> Transfer
    /// The transfer with `id`, as it stands now.
    func status(of id: String) async throws(TransferError) -> Transfer
}
