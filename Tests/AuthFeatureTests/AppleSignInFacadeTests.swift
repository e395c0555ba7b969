import AuthFeature
import Domain
import Logging
import SharedError
import TestSupport
import Testing

@MainActor
@Suite("AppleSignInFacade wraps the sign-in SDK", .timeLimit(.minutes(3 * TestSlowdown.factor)), .journeyProbe)
struct AppleSignInFacadeTests {
    /// How each scripted answer reaches the facade, in the words of `docs/boundaries.md`.
    nonisolated static func key(for answer: SignInAnswer) -> String {
        switch answer {
        case .approve: "approved"
        case .cancel: "ASAuthorizationError.canceled"
        case .fail: "ASAuthorizationError.failed"
        case .unknown: "ASAuthorizationError.unknown"
        case .invalidResponse: "ASAuthorizationError.invalidResponse"
        case .notHandled: "ASAuthorizationError.notHandled"
        case .notInteractive: "ASAuthorizationError.notInteractive"
        case .foreign: "foreign error"
        }
    }

    @Test(arguments: SignInAnswer.allCases)
    func mapsEveryVendorOutcomeAsDocumented(_ answer: SignInAnswer) async throws {
        let probe = JourneyProbe()
        let facade = AppleSignInFacade(userAgent: .scripted(answer), logger: probe.logger)

        let result = await outcome(of: SignInError.self, try await facade.authorize())

        let reaction: Reaction =
            result.error.map { .recorded(by: .vendor, in: probe, result: $0) } ?? .value("AppleIDCredential")
        try BoundaryTable("AppleSignInFacade").check(Self.key(for: answer), category: nil, reaction: reaction)
    }

    @Test func theDocumentNamesNoOutcomeThatDoesNotExist() throws {
        try BoundaryTable("AppleSignInFacade").checkNamesExactly(SignInAnswer.allCases.map(Self.key))
    }

    @Test func anApprovalCarriesTheIdentityTokenAndTheName() async throws {
        let facade = AppleSignInFacade(
            userAgent: .scripted(.approve, identityToken: "apple-identity:x"), logger: quietLogger)

        let credential = try await facade.authorize()

        #expect(credential.identityToken == "apple-identity:x")
        #expect(credential.name == "Ada Lovelace")
    }

    @Test func aForeignErrorIsUnknownAndItsTypeStaysInTheLog() async {
        let capture = LogCapture()
        let facade = AppleSignInFacade(userAgent: .scripted(.foreign), logger: capture.logger())

        let result = await outcome(of: SignInError.self, try await facade.authorize())

        #expect(result.error == .unknown)
        #expect(capture.lines.contains { $0.contains("does not document") && $0.contains("CocoaError") })
    }

    @Test func cancellingIsMappedForTheJourneyAtInfoLevel() async {
        let probe = JourneyProbe()
        let facade = AppleSignInFacade(userAgent: .scripted(.cancel), logger: probe.logger)

        _ = await outcome(of: SignInError.self, try await facade.authorize())

        #expect(
            probe.events() == [
                ErrorJourneyEvent(
                    layer: .vendor, module: "AuthFeature", action: .mapped, from: "ASAuthorizationError.canceled",
                    to: "SignInError.cancelled", category: .ignorable)
            ])
        #expect(probe.entries().map(\.level) == [.info])
    }
}
