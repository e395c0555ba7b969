import AuthFeature
import Domain
import Foundation
import Navigation
import SharedError
import TestSupport
import Testing

@MainActor
@Suite("Auth presentation boundaries")
struct AuthViewModelBoundaryTests {
    @Test(arguments: SignInError.allCases)
    func signInReactsToEachErrorAsDocumented(_ error: SignInError) async throws {
        let probe = JourneyProbe()
        let router = Router(environment: .dev, logger: probe.logger)
        let sut = SignInViewModel(service: FailingSignIn(error: error), router: router, logger: probe.logger)

        await sut.signIn()

        let observed: String
        if let forwarded = probe.events().first(where: { $0.action == .forwarded }) {
            observed =
                "forwarded to Navigation as " + (forwarded.to ?? "").replacingOccurrences(of: "Navigation: ", with: "")
            #expect(router.presentedError != nil)
        } else if probe.events().contains(where: { $0.action == .ignored }), sut.state.phase == .idle,
            sut.state.error == nil
        {
            observed = "ignored: back to idle, no alert"
        } else if let presented = sut.state.error {
            observed =
                "\(presented.presentation.rawValue): \(presented.title)"
                + (presented.message == "with an unknown reason" ? " (with an unknown reason)" : "")
        } else {
            observed = "nothing"
        }
        #expect(observed == (try ArchitectureDocument.boundary("SignInViewModel")[error.journeyName]))
        #expect(sut.state.phase == .idle)
    }

    @Test func theSignInTableNamesNoErrorThatDoesNotExist() throws {
        #expect(
            Set(try ArchitectureDocument.boundary("SignInViewModel").keys)
                == Set(SignInError.allCases.map(\.journeyName)))
    }

    @Test(arguments: ProfileRepositoryError.allCases)
    func profileReactsToEachErrorAsDocumented(_ error: ProfileRepositoryError) async throws {
        let probe = JourneyProbe()
        let router = Router(environment: .dev, logger: probe.logger)
        let sut = ProfileViewModel(repository: FailingProfile(error: error), router: router, logger: probe.logger)

        await sut.load()

        let observed: String
        if let forwarded = probe.events().first(where: { $0.action == .forwarded }) {
            observed =
                "forwarded to Navigation as " + (forwarded.to ?? "").replacingOccurrences(of: "Navigation: ", with: "")
            #expect(router.presentedError != nil || router.route == .signIn)
        } else if let presented = sut.state.error {
            observed = "\(presented.presentation.rawValue): \(presented.title)"
        } else {
            observed = "nothing"
        }
        #expect(observed == (try ArchitectureDocument.boundary("ProfileViewModel")[error.journeyName]))
    }

    @Test func theProfileTableNamesNoErrorThatDoesNotExist() throws {
        #expect(
            Set(try ArchitectureDocument.boundary("ProfileViewModel").keys)
                == Set(ProfileRepositoryError.allCases.map(\.journeyName)))
    }

    @Test func everySignInAttemptClearsTheLastError() async {
        let service = SequencedSignIn([.failure(.failed), .success(SignedInUser(id: "u-1", name: "Ada"))])
        let sut = SignInViewModel(
            service: service, router: Router(environment: .dev, logger: quietLogger), logger: quietLogger)

        await sut.signIn()
        #expect(sut.state.error?.title == "Sign in failed")
        await sut.signIn()

        #expect(sut.state.error == nil)
        #expect(sut.state.phase == .signedIn(name: "Ada"))
        #expect(sut.state.message == "Signed in as Ada")
    }
}

private struct FailingSignIn: SignInService {
    let error: SignInError
    func signIn() async throws(SignInError) -> SignedInUser { throw error }
}

private struct FailingProfile: ProfileRepository {
    let error: ProfileRepositoryError
    func fetchProfile() async throws(ProfileRepositoryError) -> UserProfile { throw error }
}

private actor SequencedSignIn: SignInService {
    private var results: [Result<SignedInUser, SignInError>]

    init(_ results: [Result<SignedInUser, SignInError>]) {
        self.results = results
    }

    func signIn() async throws(SignInError) -> SignedInUser {
        try results.removeFirst().get()
    }
}
