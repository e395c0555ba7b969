import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How URLSession's error codes become ``HTTPClientError`` kinds.
enum TransportErrorMapping {
    static func kind(for code: URLError.Code) -> HTTPClientError.Kind {
        switch code {
        case .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
            .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            .offline
        case .timedOut:
            .timedOut
        case .cancelled:
            .cancelled
        case .networkConnectionLost, .secureConnectionFailed:
            .connectionLost
        default:
            .invalidResponse
        }
    }

    /// A readable name for the journey: `URLError.cannotConnectToHost`.
    static func name(of code: URLError.Code) -> String {
        let names: [URLError.Code: String] = [
            .notConnectedToInternet: "notConnectedToInternet", .cannotConnectToHost: "cannotConnectToHost",
            .cannotFindHost: "cannotFindHost", .dnsLookupFailed: "dnsLookupFailed", .timedOut: "timedOut",
            .cancelled: "cancelled", .networkConnectionLost: "networkConnectionLost",
            .badServerResponse: "badServerResponse", .cannotParseResponse: "cannotParseResponse",
            .secureConnectionFailed: "secureConnectionFailed", .badURL: "badURL", .unsupportedURL: "unsupportedURL",
        ]
        return "URLError." + (names[code] ?? "code(\(code.rawValue))")
    }
}
