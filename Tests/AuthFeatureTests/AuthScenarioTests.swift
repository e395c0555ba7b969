import AuthFeature
import Composition
import Domain
import Foundation
import Navigation
import Networking
import SharedError
import TestSupport
import Testing

/// The sign-in and profile scenarios of the catalog, at the view-model level, with State and journey.
@MainActor
@Suite(
    "Sign-in and profile scenarios at the view-model level", .timeLimit(.minutes(3 * TestSlowdown.factor)),
    .journeyProbe)
struct AuthScenarioTests {
    @Test func signinApprove() async throws {
        let folder = TemporaryFolder()
        let store = FileSessionStore(path: folder.url.appendingPathComponent("session.json"), logger: quietLogger)
        let world = TestApp(
            signInAnswer: .approve, store: store,
            routes: RouteScript(["/v1/auth/apple": [.respond(.json(200, AuthBodies.tokens))]]))
        let sut = world.app.signIn()

        await sut.signIn()

        #expect(sut.state.phase == .signedIn(name: "Ada Lovelace"))
        #expect(sut.state.message == "Signed in as Ada Lovelace")
        #expect(sut.state.error == nil)
        #expect(world.journey.isEmpty)
        let saved = FileSessionStore(path: store.path, logger: quietLogger).load()
        #expect(saved?.accessToken == "access-2")
        let attributes = try FileManager.default.attributesOfItem(atPath: store.path.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let body = try #require(world.spy.requests.first?.body)
        #expect(String(decoding: body, as: UTF8.self) == #"{"identityToken":"apple-identity:ada"}"#)
    }

    /// The user's id comes from the backend's answer and nowhere else: an answer that names no user (or a user
    /// without an id) breaks `SignInTokens`, so nobody is signed in, no session is saved, and the defect is reported.
    @Test(arguments: [
        (#","user":null"#, "user"), ("", "user"), (#","user":{"name":"no id"}"#, "user.id"),
    ])
    func aSignInAnswerThatNamesNoUserSignsNobodyIn(_ user: String, reported keyPath: String) async throws {
        let tokens = #"{"accessToken":"access-2","refreshToken":"refresh-2","expiresIn":900\#(user)}"#
        let world = TestApp(
            signInAnswer: .approve, session: nil,
            routes: RouteScript(["/v1/auth/apple": [.respond(.json(200, tokens))]]))
        let sut = world.app.signIn()

        await sut.signIn()

        #expect(sut.state.phase != .signedIn(name: "Ada Lovelace"))
        #expect(world.journey.contains { $0.contains("→ SignInError.unavailable") }, "\(world.journey)")
        #expect(await world.store.load() == nil, "no session without a user")
        #expect((await world.sentReports()).map(\.keyPath) == [keyPath])
    }

    @Test func signinCancel() async {
        let world = TestApp(signInAnswer: .cancel, session: nil, routes: RouteScript([:]))
        let sut = world.app.signIn()

        await sut.signIn()

        #expect(sut.state.phase == .idle)
        #expect(sut.state.error == nil)
        #expect(world.router.presentedError == nil)
        #expect(world.spy.requests.isEmpty)
        #expect(
            world.journey == [
                "vendor mapped ASAuthorizationError.canceled → SignInError.cancelled",
                "presentation ignored SignInError.cancelled → nil",
            ])
    }

    @Test func signinFailed() async {
        let world = TestApp(signInAnswer: .fail, session: nil, routes: RouteScript([:]))
        let sut = world.app.signIn()

        await sut.signIn()

        #expect(sut.state.error?.title == "Sign in failed")
        #expect(sut.state.error?.presentation == .indicator)
        #expect(
            world.journey == [
                "vendor mapped ASAuthorizationError.failed → SignInError.failed",
                "presentation presented SignInError.failed → indicator: signin.failed.title [retry]",
            ])
    }

    @Test func signinUnknown() async {
        let world = TestApp(signInAnswer: .unknown, session: nil, routes: RouteScript([:]))
        let sut = world.app.signIn()

        await sut.signIn()

        #expect(sut.state.error?.title == "Something went wrong")
        #expect(sut.state.error?.message == "with an unknown reason")
        #expect(world.journey.first == "vendor mapped ASAuthorizationError.unknown → SignInError.unknown")
    }

    @Test func signinBanned() async {
        let world = TestApp(
            signInAnswer: .approve, session: nil,
            routes: RouteScript(["/v1/auth/apple": [.respond(.contractError(403, "account_banned"))]])
        )
        let sut = world.app.signIn()

        await sut.signIn()

        #expect(sut.state.error?.title == "This account can't sign in")
        #expect(sut.state.error?.message?.contains("suspended") == true)
        #expect(sut.state.error?.presentation == .alert)
        #expect(await world.store.load() == nil)
        #expect(
            world.journey == [
                "networking mapped HTTP 403 account_banned → HTTPClientError.forbidden",
                "data mapped HTTPClientError.forbidden → SignInError.banned",
                "presentation presented SignInError.banned → alert: signin.banned.title [contactSupport]",
            ])
    }

    @Test func profileHappy() async throws {
        let world = TestApp(session: nil, routes: RouteScript(["/v1/me": [.respond(.json(200, AuthBodies.user))]]))
        try await world.signedIn()
        let sut = world.app.profile()

        await sut.load()

        #expect(sut.state.name == "Ada Lovelace")
        #expect(sut.state.email == "ada@example.com")
        #expect(sut.state.avatarURL == "https://cdn.example.com/ada.png")
        #expect(world.journey.isEmpty)
        #expect((await world.sentReports()).isEmpty)
    }

    @Test func profileMissingFields() async throws {
        let world = TestApp(
            session: nil,
            routes: RouteScript([
                "/v1/me": [.respond(.json(200, #"{"id":1234,"avatarURL":"https://cdn.example.com/a.png"}"#))]
            ]))
        try await world.signedIn()
        let sut = world.app.profile()

        await sut.load()

        #expect(sut.state.name == "Unnamed user")
        #expect(sut.state.email == "")
        #expect(sut.state.error == nil)
        #expect(
            (await world.sentReports()).map { "\($0.endpoint) \($0.keyPath) \($0.kind)" } == [
                "/v1/me name missing", "/v1/me email missing",
            ])
    }

    @Test func profileInvalidAvatar() async throws {
        let body = #"{"id":"u-1","name":"Ada","email":"ada@example.com","avatarURL":"not a url"}"#
        let world = TestApp(session: nil, routes: RouteScript(["/v1/me": [.respond(.json(200, body))]]))
        try await world.signedIn()
        let sut = world.app.profile()

        await sut.load()

        #expect(sut.state.name == "Ada")
        #expect(sut.state.avatarURL == nil)
        #expect((await world.sentReports()).map { "\($0.keyPath) \($0.kind)" } == ["avatarURL invalid"])
    }

    @Test func profileBroken() async throws {
        let world = TestApp(session: nil, routes: RouteScript(["/v1/me": [.respond(.json(200, #"{"name":"Ada"}"#))]]))
        try await world.signedIn()
        let sut = world.app.profile()

        await sut.load()

        #expect(sut.state.error?.title == "Your profile could not be loaded")
        #expect(sut.state.name == nil)
        #expect(
            world.journey == [
                "networking reported id missing → client report for /v1/me",
                "data mapped DecodingFailure.missing(id) → ProfileRepositoryError.malformed(id)",
                "presentation presented ProfileRepositoryError.malformed(id) → inline: profile.malformed.title [retry]",
            ])
        #expect((await world.sentReports()).map(\.keyPath) == ["id"])
    }

    @Test func profileWithoutASessionRoutesToSignIn() async {
        let world = TestApp(session: nil, routes: RouteScript(["/v1/me": [.respond(.json(200, AuthBodies.user))]]))
        let sut = world.app.profile()

        await sut.load()

        #expect(world.router.route == .signIn)
        #expect(world.spy.requests.isEmpty)
    }
}

@MainActor
@Suite("Auth screens")
struct AuthScreenTests {
    @Test func signInScreenReadsWellAsPlainText() {
        var state = SignInState()
        state.error = PresentationError(key: "signin.failed.title", title: "Sign in failed", presentation: .indicator)

        #expect(
            SignInScreen.render(state, style: .plain)
                == "Sign in\n  Not signed in. Sign in with Apple to continue.\n  (•) Sign in failed")
    }

    @Test func profileScreenShowsDefaultsPlainly() {
        var state = ProfileState()
        state.name = "Unnamed user"
        state.email = ""

        #expect(
            ProfileScreen.render(state, style: .plain)
                == "Profile\n  Name    Unnamed user\n  Email   no email on file\n  Avatar  none")
    }
}
