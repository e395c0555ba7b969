import SharedError
import Testing

@Suite("A layer's error is what its cases declare")
struct LayerErrorTests {
    static let diagnostic = Diagnostic(
        error: "HTTPClientError.server(503)", layer: .networking, status: 503, serverCode: "busy")

    @Test func aCaseWithoutPayloadIsNamedByTypeAndCase() {
        #expect(Sample.plain.journeyName == "Sample.plain")
        #expect(Sample.plain.caseName == "plain")
    }

    @Test(arguments: [
        (Sample.plain, ErrorCategory.unhandleable), (.skipped, .ignorable), (.cancelled, .ignorable),
        (.failed(diagnostic), .default), (.appWide(.offline), .unhandleable),
    ])
    func hasTheCategoryItsCaseDeclares(_ error: Sample, _ category: ErrorCategory) {
        #expect(error.category == category)
    }

    @Test func aCaseWithoutDiagnosticIsItsOwnInTheOwningLayer() {
        #expect(Sample.plain.diagnostics == [Diagnostic(error: "Sample.plain", layer: .domain)])
    }

    @Test func aServerCodeIsNamedInItsOwnDiagnostic() {
        #expect(Sample.down.diagnostics == [Diagnostic(error: "Sample.down", layer: .domain, serverCode: "DOWN")])
        #expect(ErrorFingerprint(of: Sample.down).value == "Sample.down/domain/DOWN")
    }

    @Test func aRawValueIsNamedInParentheses() {
        #expect(Sample.mode(.fast).journeyName == "Sample.mode(fast)")
        #expect(Sample.mode(.fast).caseName == "mode")
    }

    @Test func aListIsNamedByItsElementsNames() {
        #expect(
            Sample.fields([Field(rawValue: "amount"), Field(rawValue: "toAccount")]).journeyName
                == "Sample.fields(amount,toAccount)")
        #expect(Sample.fields([]).journeyName == "Sample.fields()")
    }

    @Test func aNameFromTheCodeIsNamedAsItIs() {
        #expect(Sample.malformed(keyPath: "cards[3].last4").journeyName == "Sample.malformed(cards[3].last4)")
    }

    @Test func aCarriedDiagnosticIsDetailNotName() {
        let error = Sample.failed(Self.diagnostic)

        #expect(error.journeyName == "Sample.failed")
        #expect(error.diagnostics == [Self.diagnostic])
        #expect(ErrorFingerprint(of: error).value == "Sample.failed/networking/busy")
    }

    @Test func aWrappedErrorGivesItsNameAndItsDiagnostics() {
        let error = Sample.wrapped(Inner(diagnostics: [Self.diagnostic, Self.diagnostic]))

        #expect(error.journeyName == "Sample.wrapped(Inner)")
        #expect(error.diagnostics == [Self.diagnostic, Self.diagnostic])
    }

    @Test(arguments: AppWideCondition.allCases)
    func anAppWideCaseIsItsCondition(_ condition: AppWideCondition) {
        let error = Sample.appWide(condition)

        #expect(error.appWideCondition == condition)
        #expect(error.journeyName == "Sample.appWide(\(condition.journeyName))")
        #expect(error.caseName == "appWide")
        #expect(error.diagnostics == [Diagnostic(error: error.journeyName, layer: .domain)])
    }

    @Test(arguments: [Sample.plain, .skipped, .cancelled, .down, .failed(diagnostic), .mode(.fast)])
    func noOtherCaseIsAnAppWideCondition(_ error: Sample) {
        #expect(error.appWideCondition == nil)
    }

    @Test func anErrorThatIsNotALayerErrorHasNoCase() {
        #expect(Inner(diagnostics: []).caseName == nil)
        #expect(AppWideCondition.offline.caseName == nil)
    }

    enum Speed: String { case fast }

    struct Field: RawRepresentable {
        var rawValue: String
    }

    struct Inner: CategorizedError {
        var diagnostics: [Diagnostic]
        var category: ErrorCategory { .default }
        var journeyName: String { "Inner" }
    }

    enum Sample: BackendCallError, CustomTestStringConvertible {
        case plain, skipped, down, cancelled
        case mode(Speed)
        case fields([Field])
        case malformed(keyPath: String)
        case failed(Diagnostic)
        case wrapped(Inner)
        case appWide(AppWideCondition)

        static let owningLayer = JourneyLayer.domain
        var errorCase: ErrorCase {
            switch self {
            case .plain: .unhandleable("plain")
            case .skipped: .ignorable("skipped")
            case .down: .default("down").serverCode("DOWN")
            case .cancelled: .cancelled
            case .mode(let speed): .unhandleable("mode").naming(speed)
            case .fields(let fields): .unhandleable("fields").naming(fields)
            case .malformed(let keyPath): .unhandleable("malformed").naming(keyPath)
            case .failed(let diagnostic): .default("failed").carrying(diagnostic)
            case .wrapped(let inner): .default("wrapped").wrapping(inner)
            case .appWide(let condition): .appWide(condition)
            }
        }

        var testDescription: String { journeyName }
    }
}
