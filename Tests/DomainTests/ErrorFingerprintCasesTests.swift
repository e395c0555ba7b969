import Domain
import SharedError
import TestSupport
import Testing

/// Every case of every error that can reach Navigation (or be left out unexplained below it) has a fingerprint
/// that names its type and its case as the source spells them: the sampled cases keep the list complete.
@Suite("Every case's fingerprint names it")
struct ErrorFingerprintCasesTests {
    @Test func walletRepositoryError() { checkEveryCase(of: WalletRepositoryError.self) }
    @Test func paymentCardsRepositoryError() { checkEveryCase(of: PaymentCardsRepositoryError.self) }
    @Test func profileRepositoryError() { checkEveryCase(of: ProfileRepositoryError.self) }
    @Test func signInError() { checkEveryCase(of: SignInError.self) }
    @Test func paymentMethodsError() { checkEveryCase(of: PaymentMethodsError.self) }
    @Test func walletPageError() { checkEveryCase(of: WalletPageError.self) }
    @Test func transferRepositoryError() { checkEveryCase(of: TransferRepositoryError.self) }
    @Test func transferError() { checkEveryCase(of: TransferError.self) }

    @Test func theUnexplainedErrorsOfTheScenariosHaveTheFingerprintsTheBackendGroupsBy() {
        let conflict = Diagnostic(
            error: "HTTPClientError.conflict", layer: .networking, status: 409, serverCode: "idempotency_key_reused")

        #expect(
            ErrorFingerprint(of: TransferError.unknown(UnknownBusinessError(underlying: [conflict]))).value
                == "TransferError.unknown/networking/idempotency_key_reused")
        #expect(
            ErrorFingerprint(of: ProfileRepositoryError.unavailable(.sample)).value
                == "ProfileRepositoryError.unavailable/networking/-")
        #expect(
            ErrorFingerprint(of: PaymentCardsRepositoryError.serviceDown).value
                == "PaymentCardsRepositoryError.serviceDown/data/SERVICE_DOWN")
    }

    private func checkEveryCase<Failure>(of type: Failure.Type, sourceLocation: SourceLocation = #_sourceLocation)
    where Failure: SampledCases & CategorizedError {
        var byCase: [String: Set<String>] = [:]
        for sample in Failure.allCases {
            let fingerprint = ErrorFingerprint(of: sample)
            #expect(fingerprint.type == "\(Failure.self)", sourceLocation: sourceLocation)
            #expect(fingerprint.caseName == "\(sample.sampleCase)", "\(sample)", sourceLocation: sourceLocation)
            byCase["\(sample.sampleCase)", default: []].insert(fingerprint.value)
        }
        let values = byCase.values.flatMap { $0 }
        #expect(Set(values).count == values.count, "no two cases share a fingerprint", sourceLocation: sourceLocation)
    }
}
