import Foundation
public import Logging
public import SharedError

/// The app-wide reactions to errors: the presented alert and the current route (and, in production, the detail of
/// an unexplained error in the log).
///
/// One router per app (or per CLI run). Features hand it the errors they do not own through ``ErrorRouting``;
/// the router remembers which screen caused the alert and the route, so a screen's new load takes back its own
/// and never another screen's.
@MainActor
public final class Router: ErrorRouting {
    /// The alert on screen, if any.
    public private(set) var presentedError: PresentationError?
    /// Where the user was sent, if anywhere.
    public private(set) var route: Route?

    /// Whether errors no screen explained show developer detail (`dev`) or the safe default (`prod`).
    public let environment: AppEnvironment
    /// The language the alerts are worded in.
    public let language: Language
    private let journey: JourneyRecorder
    private let reporter: (any UnexplainedErrorReporting)?
    private var alertOwner: String?
    private var routeOwner: String?

    /// Makes a router with no alert and no route; `environment` decides how unexplained errors are shown, and
    /// `language` the words of every alert, and `reporter` (if any) hears of every screen load that ends, with the
    /// unexplained errors it presented in it.
    public init(
        environment: AppEnvironment, language: Language = .english, logger: Logger,
        reporter: (any UnexplainedErrorReporting)? = nil
    ) {
        self.environment = environment
        self.language = language
        self.journey = JourneyRecorder(.navigation, logger: logger)
        self.reporter = reporter
    }

    /// The app's one decision about errors that reach Navigation: one exhaustive switch over what the error
    /// declares and the environment, and a journey step for every decision. An unexplained error is also handed to
    /// the running screen load (``ScreenLoad``), which goes to the reporter when it ends, in both environments.
    public func handle(_ error: some CategorizedError, for screen: String) {
        let name = error.appWideCondition?.journeyName ?? error.journeyName
        let category = error.category
        let decision = Decision(error)
        // An error the load reports gets its reference now, so the alert shows what the report carries.
        let load = decision == .unexplained ? ScreenLoad.current : nil
        let reference = load.flatMap { _ in reporter?.newReference() }
        switch (decision, environment) {
        case (.ignore, _):
            record(.ignored, from: name, to: nil, category: category, level: .info)
        case (.appWide(.sessionExpired), _):
            routeToSignIn(from: name, category: category, for: screen)
        case (.appWide(let condition), _):
            present(.alert(for: condition, in: language), from: name, category: category, for: screen)
        case (.unexplained, .dev):
            present(
                .developerDetail(for: error, in: language, reference: reference), from: name, category: category,
                for: screen)
        case (.unexplained, .prod):
            present(
                .safeDefault(for: error, in: language, reference: reference), from: name, category: category,
                for: screen)
            logDetail(of: error, named: name, category: category)
        }
        // DEV and production alike: an error nobody explained reaches the backend engineers, not only the log.
        load?.handOver(presentedUnexplained: error, reference: reference)
    }

    /// Hands `load`, a load of `screen` that has ended, to the reporter, which reports what it left unexplained.
    public func loadEnded(_ load: ScreenLoad, for screen: String) {
        reporter?.screenLoadEnded(load, environment: environment)
    }

    /// What Navigation does with an error, from what it declares.
    enum Decision: Equatable {
        /// Nothing for anyone to see (``ErrorCategory/ignorable``): a cancelled load.
        case ignore
        /// A condition of the whole app: an alert, or the route to sign-in.
        case appWide(AppWideCondition)
        /// Nothing explains it: developer detail in DEV, the safe default in production, never dropped silently.
        case unexplained

        init(_ error: some CategorizedError) {
            if error.category == .ignorable {
                self = .ignore
            } else if let condition = error.appWideCondition {
                self = .appWide(condition)
            } else {
                self = .unexplained
            }
        }
    }

    /// Clears the alert and the route that `screen` caused; those another screen caused stay.
    public func withdraw(for screen: String) {
        if alertOwner == screen {
            presentedError = nil
            alertOwner = nil
        }
        if routeOwner == screen {
            route = nil
            routeOwner = nil
        }
    }

    private func present(_ alert: PresentationError, from name: String, category: ErrorCategory?, for screen: String) {
        presentedError = alert
        alertOwner = screen
        record(.presented, from: name, to: alert.journeyDescription, category: category, level: .info)
    }

    private func routeToSignIn(from name: String, category: ErrorCategory?, for screen: String) {
        guard route != .signIn else {
            // The session ended for several requests at once; the user needs to be sent to sign-in only once.
            record(.ignored, from: name, to: "already at signIn", category: category, level: .debug)
            return
        }
        route = .signIn
        routeOwner = screen
        record(.routed, from: name, to: "signIn", category: category, level: .info)
    }

    /// Production keeps what DEV would have shown in the log, where a developer can still find it.
    private func logDetail(of error: some CategorizedError, named name: String, category: ErrorCategory?) {
        record(.logged, from: name, to: PresentationError.detail(of: error), category: category, level: .error)
    }

    private func record(
        _ action: JourneyAction, from name: String, to target: String?, category: ErrorCategory?, level: Logger.Level
    ) {
        journey.record(action, from: name, to: target, category: category, level: level)
    }
}

extension PresentationError {
    /// What DEV shows for an error no screen explained, so missing handling is caught before it ships: the error's
    /// own words if it declares any (`LocalizedError`), else the safe default's title, then the error's type, the
    /// layer it came from, the server's code and the request id, which the user may copy. The detail is for
    /// developers and stays in English.
    static func developerDetail(
        for error: some CategorizedError, in language: Language, reference: ErrorReference? = nil
    ) -> PresentationError {
        var alert = PresentationError.safeDefault(for: error, in: language, reference: reference)
        if let ownWords = (error as? any LocalizedError)?.errorDescription { alert.title = ownWords }
        alert.message = "Developer detail (DEV only): " + detail(of: error)
        alert.iconName = "ladybug"
        if let requestID = error.diagnostics.lazy.compactMap(\.requestID).first {
            alert.actions.append(PresentedAction(.copyRequestID(requestID), in: language))
        }
        return alert
    }

    /// `PaymentMethodsError.unknown(UnknownBusinessError) reached Navigation unexplained; from: …`.
    static func detail(of error: some CategorizedError) -> String {
        let origins = error.diagnostics.map(\.description)
        let head = "\(error.journeyName) reached Navigation unexplained"
        return origins.isEmpty ? head : head + "; from: " + origins.joined(separator: "; ")
    }
}

extension PresentationError {
    /// What production shows for an error no screen explained, with the reference of its report (if one is made):
    /// for a defect of the app (a failure behind it declares ``Diagnostic/Kind/defect``), that trying again cannot
    /// help and a way to support quoting the reference; for anything else, "Something went wrong" and a way to try
    /// again, after the time the server asked for when a `Retry-After` was not waited for, otherwise at once.
    static func safeDefault(
        for error: some CategorizedError, in language: Language, reference: ErrorReference?
    ) -> PresentationError {
        let isDefect = error.diagnostics.contains { $0.kind == .defect }
        var alert: PresentationError
        if isDefect {
            alert = .defect(in: language, reference: reference)
        } else {
            let wait = error.diagnostics.lazy.compactMap(\.retryAfterSeconds).first
            alert = .default(in: language, actions: [wait.map { .retryAfter(seconds: $0) } ?? .retry])
        }
        alert.reference = reference.map { PresentedReference($0, in: language) }
        return alert
    }
}
