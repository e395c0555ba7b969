import Domain
import SharedError

/// Every layer's error type (``LayerError``) that a report's fingerprint can name, with the file that declares it.
/// The name and the layer come from the type itself; the file is written here, and `ExplainedTypesTests` holds the
/// list to the sources both ways: every `LayerError` enum of `Modules/` is listed, with the file that declares it.
struct ExplainedType: Hashable, Sendable {
    /// The type's name, as fingerprints and journeys spell it: `TransferError`.
    let name: String
    /// The layer that raises it (``LayerError/owningLayer``).
    let layer: JourneyLayer
    /// The file that declares it, from the package's root.
    let file: String

    init<Owner: LayerError>(_: Owner.Type, file: String) {
        name = String(describing: Owner.self)
        layer = Owner.owningLayer
        self.file = file
    }

    /// The listed types.
    static let all: [ExplainedType] = [
        ExplainedType(WalletRepositoryError.self, file: "Modules/Domain/Payments/Contracts/WalletRepository.swift"),
        ExplainedType(
            PaymentCardsRepositoryError.self, file: "Modules/Domain/Payments/Contracts/PaymentCardsRepository.swift"),
        ExplainedType(ApplePayError.self, file: "Modules/Domain/Payments/Contracts/ApplePayService.swift"),
        ExplainedType(PaymentMethodsError.self, file: "Modules/Domain/Payments/UseCases/PaymentMethodsError.swift"),
        ExplainedType(WalletPageError.self, file: "Modules/Domain/Payments/UseCases/WalletPageError.swift"),
        ExplainedType(SignInError.self, file: "Modules/Domain/Account/SignInService.swift"),
        ExplainedType(ProfileRepositoryError.self, file: "Modules/Domain/Account/ProfileRepository.swift"),
        ExplainedType(
            TransferRepositoryError.self, file: "Modules/Domain/Transfers/Contracts/TransferRepository.swift"),
        ExplainedType(TransferError.self, file: "Modules/Domain/Transfers/UseCases/TransferError.swift"),
        // new-feature: explained types
    ]

    /// The listed type named `name`, if any.
    static func named(_ name: String) -> ExplainedType? {
        all.first { $0.name == name }
    }
}
