package import ArgumentParser
package import AuthFeature
package import Composition

/// What an executable lets a screen command play besides the user's backend at `--base-url`, and the options that
/// choose it. Every screen command is generic over it, so an executable adds its options to each screen without the
/// app knowing them: the app's own executable plays nothing (``BaseURLOnly``); the demo's plays a scenario on an
/// embedded backend.
package protocol BackendChoice: ParsableArguments {
    /// The words of the backend options' help and refusals, which depend on what runs without `--base-url`.
    static var words: BackendWords { get }

    /// The `--help` discussion of `screen`'s command: `about` (the app's words on it, maybe empty) and what the
    /// choice adds.
    static func discussion(for screen: Screen, about: String) -> String

    /// The scenario the options chose, if any.
    var playedScenario: (any ClientScenario)? { get }

    /// Runs `screen` without `--base-url`; a choice that has nothing to run refuses, with exit 2.
    @MainActor
    func runWithoutBaseURL(
        _ screen: Screen, in context: ScreenCommand.Context, signInAgent: SignInUserAgent?,
        transferInput: TransferInput?
    ) async throws(ExitCode) -> RunReport
}

/// The client's half of a scenario, laid over a run against the user's backend: the simulated devices, the answer
/// to the sign-in sheet and the deadline, the form it sends, and what its run must end as.
package protocol ClientScenario: Sendable {
    /// Its name, which labels the run's report.
    var name: String { get }
    /// What the transfer screen sends when the user gives no form.
    var transferInput: TransferInput { get }
    /// Lays the scenario's client half over `configuration`; the sign-in answer only when `answeringSignIn`.
    @MainActor
    func configure(_ configuration: inout AppConfiguration, answeringSignIn: Bool)
    /// `report` held against what the scenario expects.
    func check(_ report: RunReport) -> CatalogCheck?
}

/// The words of the backend options that depend on what runs without `--base-url`.
package struct BackendWords: Sendable {
    /// The first line of `--base-url`'s help.
    package var baseURL: String
    /// The refusal of `--timeout` without `--base-url`.
    package var timeoutWithoutBaseURL: String
    /// The refusal of `--session-file` without `--base-url`.
    package var sessionFileWithoutBaseURL: String
    /// The refusal of `transfer --pending` with a scenario.
    package var pendingWithScenario: String

    package init(
        baseURL: String, timeoutWithoutBaseURL: String, sessionFileWithoutBaseURL: String, pendingWithScenario: String
    ) {
        self.baseURL = baseURL
        self.timeoutWithoutBaseURL = timeoutWithoutBaseURL
        self.sessionFileWithoutBaseURL = sessionFileWithoutBaseURL
        self.pendingWithScenario = pendingWithScenario
    }
}

/// The app's own executable: every screen runs against the backend at `--base-url`, and a run without it is refused.
package struct BaseURLOnly: BackendChoice {
    package static let words = BackendWords(
        baseURL: "The URL of your backend; every screen runs against it.",
        timeoutWithoutBaseURL: "--timeout is for --base-url runs: give the URL of your backend with --base-url",
        sessionFileWithoutBaseURL:
            "--session-file is for --base-url runs: give the URL of your backend with --base-url",
        pendingWithScenario: "--pending plays no scenario")

    package init() {}

    package static func discussion(for screen: Screen, about: String) -> String { about }

    package var playedScenario: (any ClientScenario)? { nil }

    @MainActor
    package func runWithoutBaseURL(
        _ screen: Screen, in context: ScreenCommand.Context, signInAgent: SignInUserAgent?,
        transferInput: TransferInput?
    ) async throws(ExitCode) -> RunReport {
        throw Console.refusal("give the URL of your backend with --base-url")
    }
}
