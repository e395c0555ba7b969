/// Where the app runs, chosen at start-up: `dev` also presents errors that `prod` only logs.
public enum AppEnvironment: String, Hashable, Sendable, CaseIterable, Codable {
    case dev
    case prod
}
