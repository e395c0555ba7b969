import Foundation
public import Logging
public import SharedError

/// The app-wide reactions to errors: the presented alert, the current route, and what was only logged.
///
/// One router per app (or per CLI run). Features hand it the errors they do not own through ``ErrorRouting``.
@MainActor
public final class Router: ErrorRouting {
    /// The alert on screen, if any.
    public private(set) var presentedError: PresentationError?
    /// Where the user was sent, if anywhere.
    public private(set) var route: Route?
    /// Type names of the errors that were logged instead of shown, in order.
    public private(set) var loggedErrors: [String] = []

    /// Whether errors that are not app-wide are shown (`dev`) or only logged (`prod`).
    public let environment: AppEnvironment
    private let logger: Logger

    public init(environment: AppEnvironment, logger: Logger) {
        self.environment = environment
        self.logger = logger
    }

    /// The central `handle(_:)` from "Decoupled error handling": one exhaustive switch over the error and the
    /// environment, and a journey event for every decision.
    public func handle(_ error: any Error) {
        let name = JourneyName.of(error)
        switch (RoutedError(error), environment) {
        case (.shared(let apiError), _):
            present(PresentationError(alertFor: apiError), from: name)
        case (.sessionExpired, _):
            routeToSignIn(from: name)
        case (.localized(let localized), .dev):
            present(PresentationError(alertFor: localized), from: name)
        case (.localized, .prod):
            logOnly(name, because: "prod shows no alert for \(name)")
        case (.unknown, _):
            logOnly(name, because: "no reaction is defined for \(name)")
        }
    }

    /// Closes the alert on screen.
    public func dismissAlert() {
        presentedError = nil
    }

    /// Sends the user somewhere directly (for example to sign-in from a menu).
    public func show(_ route: Route) {
        self.route = route
    }

    private func present(_ alert: PresentationError, from name: String) {
        presentedError = alert
        logger.recordJourney(
            ErrorJourneyEvent(
                layer: .navigation, module: "Navigation", action: .presented, from: name, to: "alert: \(alert.title)")
        )
    }

    private func routeToSignIn(from name: String) {
        guard route != .signIn else {
            // The session ended for several requests at once; the user needs to be sent to sign-in only once.
            logger.recordJourney(
                ErrorJourneyEvent(
                    layer: .navigation, module: "Navigation", action: .ignored, from: name, to: "already at signIn"),
                level: .debug
            )
            return
        }
        route = .signIn
        logger.recordJourney(
            ErrorJourneyEvent(layer: .navigation, module: "Navigation", action: .routed, from: name, to: "signIn")
        )
    }

    private func logOnly(_ name: String, because reason: String) {
        loggedErrors.append(name)
        logger.recordJourney(
            ErrorJourneyEvent(layer: .navigation, module: "Navigation", action: .logged, from: name, to: nil),
            level: .error
        )
        logger.debug("\(reason)")
    }
}

extension PresentationError {
    /// An alert built from what a `LocalizedError` says about itself.
    init(alertFor error: any LocalizedError) {
        let details = [error.failureReason, error.recoverySuggestion].compactMap { $0 }
        self.init(
            title: error.errorDescription ?? PresentationError.default.title,
            message: details.isEmpty ? PresentationError.default.message : details.joined(separator: " "),
            presentation: .alert
        )
    }
}
