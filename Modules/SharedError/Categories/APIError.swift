public import Foundation

/// App-wide network conditions that every feature shares and Navigation presents as an alert.
///
/// After "Decoupled error handling in a multi-module app": one type in a shared module, so that a feature never
/// defines its own "offline" and Navigation can treat all of them alike.
public enum APIError: Error, Hashable, Sendable, CaseIterable, Codable, CategorizedError, JourneyDescribable {
    /// The backend could not be reached at all (no connection, connection refused, host not found).
    case networkUnavailable
    /// The backend did not answer within the time the app allows for a call.
    case timedOut

    public var category: ErrorCategory { .unhandleableHere }
    public var journeyName: String { "APIError.\(self)" }
}

extension APIError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .networkUnavailable: "Network unavailable"
        case .timedOut: "The server is taking too long"
        }
    }

    public var failureReason: String? {
        switch self {
        case .networkUnavailable: "It seems that your device cannot reach our servers right now."
        case .timedOut: "Our servers did not answer in time."
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .networkUnavailable: "Check your internet connection and try again."
        case .timedOut: "Please try again in a moment."
        }
    }
}
