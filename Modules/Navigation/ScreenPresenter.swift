public import Foundation
public import Logging
public import SharedError

/// What every screen does with an error, written once: a screen keeps only what it shows and the words for the
/// errors it owns.
///
/// - ``run(_:show:ownWords:)``: one load or action, from start to what the screen shows.
/// - ``startFresh()``: a new load takes back the alert and the route this screen caused before, so nothing stale
///   shows and another screen's alert stays.
/// - ``handle(_:ownWords:)`` decides by the error's category (``ErrorPolicy``): an ignorable error shows nothing;
///   an app-wide condition (offline, timed out, session over) and an error nobody explained go to Navigation; the
///   screen words the rest itself. Every decision is a journey step in the presentation layer of the screen's
///   module.
@MainActor
public struct ScreenPresenter {
    /// The name this screen goes by with Navigation.
    public let screen: String
    /// The language the screen words its errors in: the router's.
    public var language: Language { router.language }
    /// The time now, which the screen tells the age of its last content against.
    public let now: @Sendable () -> Date
    private let router: any ErrorRouting
    private let journey: JourneyRecorder

    /// - Parameters:
    ///   - origin: where the screen's errors come from, when it is not the domain (a screen over a repository).
    ///   - now: the time now (the app's clock).
    public init(
        screen: String, router: any ErrorRouting, logger: Logger, origin: JourneyOrigin? = nil,
        now: @escaping @Sendable () -> Date = { Date() }, fileID: String = #fileID
    ) {
        self.screen = screen
        self.now = now
        self.router = router
        self.journey = JourneyRecorder(.presentation, logger: logger, origin: origin, fileID: fileID)
    }

    /// Takes back the alert and the route this screen caused: call it as a new load starts.
    public func startFresh() {
        router.withdraw(for: screen)
    }

    /// Runs one load or action of the screen in a trace of its own (``ScreenTrace``: every request, journey step and
    /// report of the load names it) and a ``ScreenLoad`` of its own: starts fresh, then hands `operation`'s value to
    /// `show`, or decides its error as ``handle(_:ownWords:)`` does. When the load has ended, hands what it kept
    /// (its journey, what was left out or presented unexplained) to Navigation, still in its trace. Returns the
    /// presentation error the screen shows, if it shows one.
    public func run<Value, Failure: CategorizedError>(
        _ operation: () async throws(Failure) -> Value, show: (Value) -> Void,
        ownWords: (Failure) -> ScreenReaction?
    ) async -> PresentationError? {
        let load = ScreenLoad()
        return await ScreenTrace.with(ScreenTrace.start()) { () async -> PresentationError? in
            let shown = await load.run { () async -> PresentationError? in
                startFresh()
                do throws(Failure) {
                    show(try await operation())
                    return nil
                } catch {
                    return handle(error, ownWords: ownWords)
                }
            }
            router.loadEnded(load, for: screen)
            return shown
        }
    }

    /// Decides what becomes of `error` and records it. `ownWords` is asked only for an error this screen owns (not
    /// ignorable, not app-wide, explained) and says how the screen shows it, having set its state; `nil` hands it
    /// to Navigation after all. Returns the presentation error the screen shows, if it shows one.
    @discardableResult
    public func handle<Failure: CategorizedError>(
        _ error: Failure, ownWords: (Failure) -> ScreenReaction?
    ) -> PresentationError? {
        switch error.category {
        case .ignorable:
            journey.record(.ignored, error)
            return nil
        case .recoverable, .unhandleable:
            guard error.appWideCondition == nil, let reaction = ownWords(error) else { break }
            switch reaction {
            case .present(let presented):
                journey.record(.presented, error, to: presented.journeyDescription)
                return presented
            case .show(let action, let description):
                journey.record(action, error, to: description)
                return nil
            }
        case .default:
            break
        }
        journey.record(.forwarded, error, to: "Navigation: \(error.appWideCondition?.journeyName ?? error.journeyName)")
        router.handle(error, for: screen)
        return nil
    }
}

/// How a screen shows an error it owns.
public enum ScreenReaction: Hashable, Sendable {
    /// As a presentation error (an alert, an indicator, or inline): the journey says `presented → alert: title`.
    case present(PresentationError)
    /// Some other way the screen describes (an empty state, errors on its fields): the journey says `action →
    /// description`.
    case show(JourneyAction, String)
}
