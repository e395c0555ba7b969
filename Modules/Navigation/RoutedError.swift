import Foundation
import SharedError

/// The kinds of error Navigation tells apart, so that its decision is one exhaustive switch.
enum RoutedError {
    /// Nothing for anyone to see (``ErrorCategory/ignorable``): a cancelled load.
    case ignorable(any Error)
    /// A shared network condition: always an alert.
    case shared(APIError)
    /// The session is over: route to sign-in, no alert.
    case sessionExpired(SessionExpiredError)
    /// An error no screen explained (an unknown business error, any other `LocalizedError`, anything else):
    /// developer detail in DEV, the safe default in production, never dropped silently.
    case unexplained(any Error)

    init(_ error: any Error) {
        switch error {
        case let categorized as any CategorizedError where categorized.category == .ignorable:
            self = .ignorable(error)
        case let apiError as APIError: self = .shared(apiError)
        case let expired as SessionExpiredError: self = .sessionExpired(expired)
        default: self = .unexplained(error)
        }
    }
}
