import SharedError
import Testing

/// Two versions of one error type, as before and after someone reordered its cases: the same name, the same cases.
enum BeforeReordering {
    enum SampleError: Error, Hashable, JourneyDescribable, Diagnosable {
        case first, second, third(Diagnostic)

        var diagnostics: [Diagnostic] {
            if case .third(let diagnostic) = self { [diagnostic] } else { [] }
        }
    }
}

enum AfterReordering {
    enum SampleError: Error, Hashable, JourneyDescribable, Diagnosable {
        case third(Diagnostic), second, first

        var diagnostics: [Diagnostic] {
            if case .third(let diagnostic) = self { [diagnostic] } else { [] }
        }
    }
}

@Suite("An error's fingerprint")
struct ErrorFingerprintTests {
    static let diagnostic = Diagnostic(
        error: "HTTPClientError.conflict", layer: .networking, status: 409, serverCode: "idempotency_key_reused",
        requestID: "req-1", traceID: "4bf92f3577b34da6a3ce929d0e0e4736")

    @Test func isTheTypeTheCaseTheLayerAndTheServerCodeByName() {
        let fingerprint = ErrorFingerprint(of: BeforeReordering.SampleError.third(Self.diagnostic))

        #expect(fingerprint.value == "SampleError.third/networking/idempotency_key_reused")
    }

    @Test func doesNotChangeWhenTheCasesAreReordered() {
        #expect(
            ErrorFingerprint(of: BeforeReordering.SampleError.first)
                == ErrorFingerprint(of: AfterReordering.SampleError.first))
        #expect(
            ErrorFingerprint(of: BeforeReordering.SampleError.second)
                == ErrorFingerprint(of: AfterReordering.SampleError.second))
        #expect(
            ErrorFingerprint(of: BeforeReordering.SampleError.third(Self.diagnostic))
                == ErrorFingerprint(of: AfterReordering.SampleError.third(Self.diagnostic)))
        #expect(ErrorFingerprint(of: AfterReordering.SampleError.first).value == "SampleError.first/-/-")
    }

    @Test func leavesOutValuesTheDiagnosticCarries() {
        var other = Self.diagnostic
        other.requestID = "req-2"
        other.traceID = "00000000000000000000000000000001"

        #expect(
            ErrorFingerprint(of: BeforeReordering.SampleError.third(Self.diagnostic))
                == ErrorFingerprint(of: BeforeReordering.SampleError.third(other)))
    }

    @Test func anErrorThatIsNotAnEnumHasNoCase() {
        struct Unnamed: Error, JourneyDescribable, Diagnosable {
            var diagnostics: [Diagnostic] { [] }
        }

        #expect(ErrorFingerprint(of: Unnamed()).value == "Unnamed.-/-/-")
    }

    @Test(arguments: [
        ("WalletRepositoryError.unavailable", "WalletRepositoryError.unavailable/data/-"),
        ("PaymentCardsRepositoryError.appWide(AppWideCondition.offline)", "PaymentCardsRepositoryError.appWide/data/-"),
        ("UnknownBusinessError", "UnknownBusinessError.-/data/-"),
    ])
    func aJourneyStepsNameGivesTheSameParts(_ name: String, _ expected: String) {
        #expect(ErrorFingerprint(journeyName: name, layer: "data").value == expected)
    }
}
