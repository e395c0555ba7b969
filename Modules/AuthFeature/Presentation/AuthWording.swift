import SharedError

/// The auth feature's words: the sign-in screen and the profile screen.
enum AuthWording: String, Wording {
    case signInTitle = "signin.title"
    case signInIdle = "signin.idle"
    case signingIn = "signin.signingIn"
    case signedInAs = "signin.signedInAs"
    case failedTitle = "signin.failed.title"
    case unknownTitle = "signin.unknown.title"
    case unknownMessage = "signin.unknown.message"
    case identityRejectedTitle = "signin.identityRejected.title"
    case identityRejectedMessage = "signin.identityRejected.message"
    case bannedTitle = "signin.banned.title"
    case bannedMessage = "signin.banned.message"
    case profileTitle = "profile.title"
    case profileName = "profile.name"
    case profileEmail = "profile.email"
    case profileNoEmail = "profile.email.none"
    case profileAvatar = "profile.avatar"
    case profileNoAvatar = "profile.avatar.none"
    case malformedTitle = "profile.malformed.title"
    case malformedMessage = "profile.malformed.message"
    case lastContentOffline = "profile.lastContent.offline"
    case lastContentTimedOut = "profile.lastContent.timedOut"

    static let catalog = WordingCatalog(resourceBundle: "ErrorFlow_AuthFeature")

    var english: String {
        switch self {
        case .signInTitle: "Sign in"
        case .signInIdle: "Not signed in. Sign in with Apple to continue."
        case .signingIn: "Signing in…"
        case .signedInAs: "Signed in as %@"
        case .failedTitle: "Sign in failed"
        case .unknownTitle: "Something went wrong"
        case .unknownMessage: "with an unknown reason"
        case .identityRejectedTitle: "Apple couldn't confirm it's you"
        case .identityRejectedMessage: "Please try signing in again."
        case .bannedTitle: "This account can't sign in"
        case .bannedMessage: "Your account has been suspended. Contact support to find out why and what you can do."
        case .profileTitle: "Profile"
        case .profileName: "Name"
        case .profileEmail: "Email"
        case .profileNoEmail: "no email on file"
        case .profileAvatar: "Avatar"
        case .profileNoAvatar: "none"
        case .malformedTitle: "Your profile could not be loaded"
        case .malformedMessage: "Some of its required details are missing. We've told our team; please try again later."
        case .lastContentOffline: "Showing content from %@ — you are offline."
        case .lastContentTimedOut: "Showing content from %@ — the server did not answer in time."
        }
    }
}
