import AuthFeature
import Composition
import Foundation
import Navigation
import Networking
import SharedError
import TestSupport
import Testing

/// The profile over the composed app's last-known content: loaded at 10:02, then the backend cannot be reached (or
/// does not answer in time).
@MainActor
@Suite(
    "Profile: last content when the backend cannot be reached", .timeLimit(.minutes(3 * TestSlowdown.factor)),
    .journeyProbe)
struct LastKnownProfileTests {
    @Test func theProfileShowsItsLastContentOfflineWithItsAgeAndTryAgain() async {
        let world = makeWorld([.respond(.json(200, AuthBodies.user)), .fail(.offline)])
        await world.app.profile().load()
        world.clock.advance(by: .seconds(10 * 60))
        let sut = world.app.profile()

        await sut.load()

        #expect(sut.state.name == "Ada Lovelace")
        #expect(sut.state.notice?.title == "Showing content from 10:02 — you are offline.")
        #expect(sut.state.notice?.actions.map(\.label) == ["Try again"])
        #expect(world.router.presentedError == nil)
        #expect(
            world.journey.last
                == "data recovered ProfileRepositoryError.appWide(AppWideCondition.offline) → last content from 10:02")
    }

    @Test func timedOutInGerman() async {
        let world = makeWorld([.respond(.json(200, AuthBodies.user)), .fail(.timedOut)], language: .german)
        await world.app.profile().load()
        let sut = world.app.profile()

        await sut.load()

        #expect(
            sut.state.notice?.title == "Du siehst den Stand von 10:02 – der Server hat nicht rechtzeitig geantwortet.")
    }

    @Test func withNothingKeptTheAlertIsAsBefore() async {
        let world = makeWorld([.fail(.offline)])
        let sut = world.app.profile()

        await sut.load()

        #expect(sut.state.name == nil && sut.state.notice == nil)
        #expect(world.router.presentedError?.key == "condition.offline.title")
    }

    /// 10:02 on a day, in the time zone the screens tell times in.
    static let tenOhTwo =
        Calendar.current.date(from: DateComponents(year: 2026, month: 11, day: 26, hour: 10, minute: 2)) ?? Date()

    private func makeWorld(_ me: [RouteScript.Answer], language: Language = .english) -> TestApp {
        var session = TestApp.session()
        session.signedInAt = Self.tenOhTwo
        return TestApp(
            session: session, clock: VirtualClock(autoAdvanceLimit: .seconds(5), wallClockOrigin: Self.tenOhTwo),
            language: language, script: RouteScript(["/v1/me": me]).script)
    }
}
