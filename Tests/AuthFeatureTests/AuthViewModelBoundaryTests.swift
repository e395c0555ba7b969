import AuthFeature
import Domain
import Foundation
import Navigation
import SharedError
import TestSupport
import Testing

@MainActor
@Suite("Auth presentation boundaries", .journeyProbe)
struct AuthViewModelBoundaryTests {
    @Test(arguments: SignInError.allCases)
    func signInReactsToEachErrorAsDocumented(_ error: SignInError) async throws {
        let probe = JourneyProbe()
        let router = Router(environment: .dev, logger: probe.logger)
        let sut = SignInViewModel(service: FailingSignIn(error: error), router: router, logger: probe.logger)

        await sut.signIn()

        try BoundaryTable("SignInViewModel").check(
            error.journeyName, category: error.category, reaction: .recorded(by: .presentation, in: probe))
        #expect(sut.state.phase == .idle)
    }

    @Test func theSignInTableNamesNoErrorThatDoesNotExist() throws {
        try BoundaryTable("SignInViewModel").checkNamesExactly(SignInError.allCases.map(\.journeyName))
    }

    @Test(arguments: ProfileRepositoryError.allCases)
    func profileReactsToEachErrorAsDocumented(_ error: ProfileRepositoryError) async throws {
        let probe = JourneyProbe()
        let router = Router(environment: .dev, logger: probe.logger)
        let sut = ProfileViewModel(repository: FailingProfile(error: error), router: router, logger: probe.logger)

        await sut.load()

        try BoundaryTable("ProfileViewModel").check(
            error.journeyName, category: error.category, reaction: .recorded(by: .presentation, in: probe))
    }

    @Test func theProfileTableNamesNoErrorThatDoesNotExist() throws {
        try BoundaryTable("ProfileViewModel").checkNamesExactly(ProfileRepositoryError.allCases.map(\.journeyName))
    }

    @Test(arguments: [SignInError.failed, .appWide(.offline), .unavailable(.sample)])
    func aSuccessAfterAFailureShowsNoOldErrorOrAlert(_ failure: SignInError) async {
        let router = Router(environment: .dev, logger: quietLogger)
        let service = SequencedSignIn([.failure(failure), .success(SignedInUser(id: "u-1", name: "Ada"))])
        let sut = SignInViewModel(service: service, router: router, logger: quietLogger)

        await sut.signIn()
        await sut.signIn()

        #expect(sut.state.error == nil && router.presentedError == nil)
        #expect(sut.state.phase == .signedIn(name: "Ada"))
    }

    @Test func aFailureAfterASuccessShowsNoOldGreeting() async {
        let service = SequencedSignIn([.success(SignedInUser(id: "u-1", name: "Ada")), .failure(.failed)])
        let sut = SignInViewModel(
            service: service, router: Router(environment: .dev, logger: quietLogger), logger: quietLogger)

        await sut.signIn()
        await sut.signIn()

        #expect(sut.state.message == nil)
        #expect(sut.state.phase == .idle)
    }

    @Test(arguments: [
        ProfileRepositoryError.malformed(keyPath: "id"), .appWide(.timedOut), .appWide(.sessionExpired),
        .unavailable(.sample),
    ])
    func aProfileSuccessAfterAFailureShowsNoOldErrorAlertOrRoute(_ failure: ProfileRepositoryError) async {
        let router = Router(environment: .dev, logger: quietLogger)
        let sut = ProfileViewModel(
            repository: SequencedProfile([.failure(failure), .success(Self.profile)]), router: router,
            logger: quietLogger)

        await sut.load()
        await sut.load()

        #expect(sut.state.error == nil && router.presentedError == nil && router.route == nil)
        #expect(sut.state.name == "Ada")
    }

    @Test func aProfileFailureAfterASuccessShowsNoOldProfile() async {
        let sut = ProfileViewModel(
            repository: SequencedProfile([.success(Self.profile), .failure(.appWide(.timedOut))]),
            router: Router(environment: .dev, logger: quietLogger), logger: quietLogger)

        await sut.load()
        await sut.load()

        #expect(sut.state.name == nil && sut.state.email == nil && sut.state.avatarURL == nil)
    }

    static let profile = UserProfile(id: "u-1", name: "Ada", email: "ada@example.com", avatarURL: nil)

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

private struct SequencedSignIn: SignInService {
    private let results: ResultSequence<SignedInUser, SignInError>

    init(_ results: [Result<SignedInUser, SignInError>]) {
        self.results = ResultSequence(results)
    }

    func signIn() async throws(SignInError) -> SignedInUser { try results.next() }
}

private struct SequencedProfile: ProfileRepository {
    private let results: ResultSequence<UserProfile, ProfileRepositoryError>

    init(_ results: [Result<UserProfile, ProfileRepositoryError>]) {
        self.results = ResultSequence(results)
    }

    func fetchProfile() async throws(ProfileRepositoryError) -> UserProfile { try results.next() }
}
