/// The error enum of one layer, which declares what every case is to the error flow in one exhaustive switch
/// (``errorCase``): its name, its category, the app-wide condition it is, and what it carries. Its journey name,
/// diagnostics and fingerprint follow from that switch, so a new case does not compile until it is declared, and
/// nothing is read from a value at run time.
///
/// ```swift
/// public var errorCase: ErrorCase {
///     switch self {
///     case .banned: .unhandleable("banned")
///     case .inReview(let state): .unhandleable("inReview").naming(state)
///     case .unavailable(let diagnostic): .default("unavailable").carrying(diagnostic)
///     case .appWide(let condition): .appWide(condition)
///     case .cancelled: .cancelled
///     }
/// }
/// ```
public protocol LayerError: CategorizedError {
    /// The layer that raises this error (`data` for a repository's, `domain` for a use case's): the layer of the
    /// diagnostic of a case that carries none.
    static var owningLayer: JourneyLayer { get }
    /// What this case is to the error flow.
    var errorCase: ErrorCase { get }
}

extension LayerError {
    /// The declared case's category.
    public var category: ErrorCategory { errorCase.category }
    /// The declared case's condition.
    public var appWideCondition: AppWideCondition? { errorCase.appWideCondition }
    /// The declared case's name: `inReview`.
    public var caseName: String? { errorCase.name }

    /// `Type.case`, and what the case names in parentheses: `WalletRepositoryError.inReview(pending)`.
    public var journeyName: String {
        let declared = errorCase
        let name = "\(String(describing: Self.self)).\(declared.name)"
        return declared.detail.map { "\(name)(\($0))" } ?? name
    }

    /// The diagnostics the case carries; for a case that carries none, the error itself in ``owningLayer``.
    public var diagnostics: [Diagnostic] {
        let declared = errorCase
        return declared.carried
            ?? [Diagnostic(error: journeyName, layer: Self.owningLayer, serverCode: declared.serverCode)]
    }
}

/// What one case of a ``LayerError`` is to the error flow. Made by its category (``ignorable(_:)``,
/// ``unhandleable(_:)``, ``default(_:)``, or the two every layer passes on: ``appWide(_:)`` and ``cancelled``),
/// then told what its payload means: a name for the journey (`naming`), the diagnostic it carries
/// (``carrying(_:)``), or the error it wraps (``wrapping(_:)``).
public struct ErrorCase: Hashable, Sendable {
    /// The case's name as the source spells it (`inReview`).
    public let name: String
    /// The case's category.
    public let category: ErrorCategory
    /// The condition an `appWide` case is; `nil` for every other case.
    public let appWideCondition: AppWideCondition?
    /// What the journey name shows in parentheses after the case (`pending`, `amount,toAccount`); `nil` for nothing.
    public private(set) var detail: String?
    /// The diagnostics of the failures behind the case, when it carries them; `nil` when the case is the failure.
    public private(set) var carried: [Diagnostic]?
    /// The server's code the case stands for, in the diagnostic of a case that carries none.
    public private(set) var serverCode: String?

    private init(_ name: String, _ category: ErrorCategory, appWideCondition: AppWideCondition? = nil) {
        self.name = name
        self.category = category
        self.appWideCondition = appWideCondition
    }

    /// A case nobody needs to hear about (``ErrorCategory/ignorable``).
    public static func ignorable(_ name: String) -> ErrorCase { ErrorCase(name, .ignorable) }
    /// A case the next layer handles in its own terms (``ErrorCategory/unhandleable``).
    public static func unhandleable(_ name: String) -> ErrorCase { ErrorCase(name, .unhandleable) }
    /// A case nothing explains (``ErrorCategory/default``).
    public static func `default`(_ name: String) -> ErrorCase { ErrorCase(name, .default) }

    /// The `appWide` case: `condition`, which every layer passes on and Navigation handles.
    public static func appWide(_ condition: AppWideCondition) -> ErrorCase {
        var declared = ErrorCase("appWide", condition.category, appWideCondition: condition)
        declared.detail = condition.journeyName
        return declared
    }

    /// The `cancelled` case, which every layer passes on and nobody shows.
    public static let cancelled = ErrorCase.ignorable("cancelled")

    /// This case, naming its payload's raw value in the journey: `inReview(pending)`.
    public func naming(_ payload: some RawRepresentable<String>) -> ErrorCase {
        naming(payload.rawValue)
    }

    /// This case, naming each element of its payload in the journey: `rejected(amount,toAccount)`.
    public func naming(_ payload: [some RawRepresentable<String>]) -> ErrorCase {
        naming(payload.map(\.rawValue).joined(separator: ","))
    }

    /// This case, with `name` in the journey: `malformed(id)`. `name` must be a name from the code (a key path),
    /// never a value the user typed or the backend sent.
    public func naming(_ name: String) -> ErrorCase {
        var declared = self
        declared.detail = name
        return declared
    }

    /// This case, carrying the diagnostic of the failure behind it, which is detail, not part of its name.
    public func carrying(_ diagnostic: Diagnostic) -> ErrorCase {
        var declared = self
        declared.carried = [diagnostic]
        return declared
    }

    /// This case, wrapping `error`: named after it in the journey (`unknown(UnknownBusinessError)`), with its
    /// diagnostics.
    public func wrapping(_ error: some CategorizedError) -> ErrorCase {
        var declared = naming(error.journeyName)
        declared.carried = error.diagnostics
        return declared
    }

    /// This case, standing for the server's `code` (`SERVICE_DOWN`), which its diagnostic names.
    public func serverCode(_ code: String) -> ErrorCase {
        var declared = self
        declared.serverCode = code
        return declared
    }
}
