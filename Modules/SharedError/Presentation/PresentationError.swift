/// What the user is shown when a screen decides an error deserves their attention: words in the user's language,
/// the key they came from, and the ways out the user has.
public struct PresentationError: Hashable, Sendable, Codable {
    /// The wording key of the title (`wallet.noWallet.title`): what the journey records, whatever the language.
    public var key: String
    /// A short headline in the user's language, for example "Sign in failed".
    public var title: String
    /// An optional explanation, worded for a person.
    public var message: String?
    /// How the screen shows it.
    public var presentation: PresentationMethod
    /// An optional symbol name the view may draw next to the title.
    public var iconName: String?
    /// What the user can do about it, in order, each with its label in the user's language.
    public var actions: [PresentedAction]
    /// The reference of the error report the app sent about it, for the user to quote (`Reference 7F3K-9Q2M`);
    /// `nil` when no report was made.
    public var reference: PresentedReference?

    /// Makes the words for an error from text already in the user's language; shown as an alert unless told
    /// otherwise.
    public init(
        key: String, title: String, message: String? = nil, presentation: PresentationMethod = .alert,
        iconName: String? = nil, actions: [PresentedAction] = [], reference: PresentedReference? = nil
    ) {
        self.key = key
        self.title = title
        self.message = message
        self.presentation = presentation
        self.iconName = iconName
        self.actions = actions
        self.reference = reference
    }

    /// Makes the words for an error from a module's wording, in `language`, with `actions` labelled in it.
    public init<Words: Wording>(
        _ title: Words, message: Words? = nil, in language: Language, presentation: PresentationMethod = .alert,
        iconName: String? = nil, actions: [RecoveryAction] = []
    ) {
        self.init(
            key: title.rawValue, title: title.text(in: language), message: message?.text(in: language),
            presentation: presentation, iconName: iconName,
            actions: actions.map { PresentedAction($0, in: language) })
    }

    /// The last line of defence, for errors nothing else explains: "Something went wrong", with a way to try again.
    public static func `default`(in language: Language, actions: [RecoveryAction] = [.retry]) -> PresentationError {
        PresentationError(
            SharedWording.defaultTitle, message: .defaultMessage, in: language, iconName: "exclamationmark.triangle",
            actions: actions)
    }

    /// The last line of defence for a defect of the app that trying again cannot fix (a reused idempotency key):
    /// "Something went wrong", that only support can help, and the way to it, quoting `reference`.
    public static func defect(in language: Language, reference: ErrorReference?) -> PresentationError {
        PresentationError(
            SharedWording.defaultTitle, message: .defectMessage, in: language, iconName: "exclamationmark.triangle",
            actions: [.contactSupport(reference: reference)])
    }

    /// The alert for an app-wide condition: what happened, and what the user can do.
    public static func alert(for condition: AppWideCondition, in language: Language) -> PresentationError {
        switch condition {
        case .offline:
            PresentationError(
                SharedWording.offlineTitle, message: .offlineMessage, in: language, iconName: "wifi.slash",
                actions: [.checkConnection, .retry])
        case .timedOut:
            PresentationError(
                SharedWording.timedOutTitle, message: .timedOutMessage, in: language, iconName: "clock",
                actions: [.retry])
        case .sessionExpired:
            PresentationError(
                SharedWording.sessionExpiredTitle, message: .sessionExpiredMessage, in: language, actions: [.signIn])
        }
    }

    /// How the journey names what the screen showed: `alert: wallet.noWallet.title [createWallet]`, by key and
    /// action kinds, so it reads the same in every language.
    public var journeyDescription: String {
        let kinds = actions.map(\.action.kind)
        return "\(presentation.rawValue): \(key)" + (kinds.isEmpty ? "" : " [\(kinds.joined(separator: ", "))]")
    }
}

/// How a screen presents a ``PresentationError``.
public enum PresentationMethod: String, Hashable, Sendable, Codable, CaseIterable {
    /// A modal alert the user dismisses.
    case alert
    /// A short, non-blocking indicator (a toast or a banner).
    case indicator
    /// Text in place of the content, usually with a way forward.
    case inline
}

/// A way out of an error the app offers the user, after `RecoverableError`'s recovery options: each is a kind of
/// thing to do, not words.
public enum RecoveryAction: Hashable, Sendable {
    /// Do the same again.
    case retry
    /// Do the same again after the time the server asked for (an unwaited `Retry-After`), in seconds.
    case retryAfter(seconds: Int)
    /// Sign in again.
    case signIn
    /// Create a wallet.
    case createWallet
    /// Check the device's connection.
    case checkConnection
    /// Ask support, quoting the reference of the error report the app sent, when it sent one.
    case contactSupport(reference: ErrorReference? = nil)
    /// Copy the call's request id, to find it in the backend's logs (DEV only).
    case copyRequestID(String)
    /// Send a smaller amount (the CLI: `transfer` with a smaller `--amount`).
    case sendLess
    /// Open the wallet, to see what is in it (the CLI: `wallet`).
    case openWallet
    /// Check the id of the transfer looked up (the CLI: `transfer --status ID` with the id the receipt showed).
    case checkTransferID
    /// Correct the fields the form marked (the CLI: `transfer` with those options corrected).
    case fixFields
    /// Look again later, once a review has had time (the CLI: `wallet` again later).
    case checkLater
    /// Send the same transfer again, as a new one (the CLI: `transfer` with the same options and `--again`).
    case sendAgain
    /// See the transfers whose outcome is still open (the CLI: `transfer --pending`).
    case checkPendingTransfers

    /// The kind's name, the same in every language: `retry`, `retryAfter`, `signIn`, …
    public var kind: String {
        switch self {
        case .retry: "retry"
        case .retryAfter: "retryAfter"
        case .signIn: "signIn"
        case .createWallet: "createWallet"
        case .checkConnection: "checkConnection"
        case .contactSupport: "contactSupport"
        case .copyRequestID: "copyRequestID"
        case .sendLess: "sendLess"
        case .openWallet: "openWallet"
        case .checkTransferID: "checkTransferID"
        case .fixFields: "fixFields"
        case .checkLater: "checkLater"
        case .sendAgain: "sendAgain"
        case .checkPendingTransfers: "checkPendingTransfers"
        }
    }

    /// The action's label in `language`: "Try again", "Try again in 5 seconds", "Sign in", …
    public func label(in language: Language) -> String {
        switch self {
        case .retry: SharedWording.actionRetry.text(in: language)
        case .retryAfter(let seconds):
            SharedWording.counted(
                seconds, one: .actionRetryAfterOne, other: .actionRetryAfterOther, in: language)
        case .signIn: SharedWording.actionSignIn.text(in: language)
        case .createWallet: SharedWording.actionCreateWallet.text(in: language)
        case .checkConnection: SharedWording.actionCheckConnection.text(in: language)
        case .contactSupport: SharedWording.actionContactSupport.text(in: language)
        case .copyRequestID(let id): SharedWording.actionCopyRequestID.text(in: language, id)
        case .sendLess: SharedWording.actionSendLess.text(in: language)
        case .openWallet: SharedWording.actionOpenWallet.text(in: language)
        case .checkTransferID: SharedWording.actionCheckTransferID.text(in: language)
        case .fixFields: SharedWording.actionFixFields.text(in: language)
        case .checkLater: SharedWording.actionCheckLater.text(in: language)
        case .sendAgain: SharedWording.actionSendAgain.text(in: language)
        case .checkPendingTransfers: SharedWording.actionCheckPendingTransfers.text(in: language)
        }
    }
}

/// A recovery action as a screen offers it: the action and its label in the user's language.
public struct PresentedAction: Hashable, Sendable, Codable {
    /// What the user can do.
    public let action: RecoveryAction
    /// The words on its button.
    public let label: String

    /// `action`, labelled in `language`.
    public init(_ action: RecoveryAction, in language: Language) {
        self.action = action
        self.label = action.label(in: language)
    }

    private enum CodingKeys: String, CodingKey { case kind, label, seconds, requestID, reference }

    /// `{"kind": "retryAfter", "label": "Try again in 5 seconds", "seconds": 5}`: the kind, the label, and what the
    /// kind carries (`"reference": "7F3K-9Q2M"` for contacting support about a report).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(action.kind, forKey: .kind)
        try container.encode(label, forKey: .label)
        switch action {
        case .retryAfter(let seconds): try container.encode(seconds, forKey: .seconds)
        case .copyRequestID(let id): try container.encode(id, forKey: .requestID)
        case .contactSupport(let reference?): try container.encode(reference, forKey: .reference)
        default: break
        }
    }

    /// Reads what ``encode(to:)`` writes; an unknown kind is a decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try container.decode(String.self, forKey: .label)
        switch try container.decode(String.self, forKey: .kind) {
        case "retry": action = .retry
        case "retryAfter": action = .retryAfter(seconds: try container.decode(Int.self, forKey: .seconds))
        case "signIn": action = .signIn
        case "createWallet": action = .createWallet
        case "checkConnection": action = .checkConnection
        case "contactSupport":
            action = .contactSupport(reference: try container.decodeIfPresent(ErrorReference.self, forKey: .reference))
        case "copyRequestID": action = .copyRequestID(try container.decode(String.self, forKey: .requestID))
        case "sendLess": action = .sendLess
        case "openWallet": action = .openWallet
        case "checkTransferID": action = .checkTransferID
        case "fixFields": action = .fixFields
        case "checkLater": action = .checkLater
        case "sendAgain": action = .sendAgain
        case "checkPendingTransfers": action = .checkPendingTransfers
        case let kind:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "no recovery action \(kind)")
        }
    }
}
