import SharedError
import Testing

/// Two versions of one error type, as before and after someone reordered its cases: the same name, the same cases.
enum BeforeReordering {
    enum SampleError: LayerError, Hashable {
        case first, second, third(Diagnostic)

        static let owningLayer = JourneyLayer.data
        var errorCase: ErrorCase {
            switch self {
            case .first: .unhandleable("first")
            case .second: .unhandleable("second")
            case .third(let diagnostic): .default("third").carrying(diagnostic)
            }
        }
    }
}

enum AfterReordering {
    enum SampleError: LayerError, Hashable {
        case third(Diagnostic), second, first

        static let owningLayer = JourneyLayer.data
        var errorCase: ErrorCase {
            switch self {
            case .third(let diagnostic): .default("third").carrying(diagnostic)
            case .second: .unhandleable("second")
            case .first: .unhandleable("first")
            }
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
        #expect(ErrorFingerprint(of: AfterReordering.SampleError.first).value == "SampleError.first/data/-")
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
        struct Unnamed: CategorizedError {
            var category: ErrorCategory { .default }
            var journeyName: String { "Unnamed" }
            var diagnostics: [Diagnostic] { [] }
        }

        #expect(ErrorFingerprint(of: Unnamed()).value == "Unnamed.-/-/-")
    }

    @Test func ofAnErrorLeftOutIsItsTypeAndCaseAndWhereItCameFromWithoutAServerCode() {
        let leftOut = BeforeReordering.SampleError.third(Self.diagnostic)

        #expect(ErrorFingerprint(of: leftOut, cameFrom: .data).value == "SampleError.third/data/-")
        #expect(
            ErrorFingerprint(of: BeforeReordering.SampleError.first, cameFrom: .vendorSDK).value
                == "SampleError.first/vendor-sdk/-")
    }

    @Test func ofAnErrorLeftOutWithoutCasesHasNoCase() {
        struct Unnamed: CategorizedError {
            var category: ErrorCategory { .default }
            var journeyName: String { "Unnamed" }
            var diagnostics: [Diagnostic] { [] }
        }

        #expect(ErrorFingerprint(of: Unnamed(), cameFrom: .data).value == "Unnamed.-/data/-")
    }
}
