import AuthFeature
import Composition
import Foundation
import SharedError
import TestSupport

extension TestApp {
    /// Starts from a signed-in session, as a scenario does.
    func signedIn(accessToken: String = "access-1", refreshToken: String = "refresh-1") async throws {
        try await store.save(TestApp.session(accessToken: accessToken, refreshToken: refreshToken))
    }
}

enum AuthBodies {
    static let tokens =
        #"{"accessToken":"access-2","refreshToken":"refresh-2","expiresIn":900,"user":{"id":"u-1","name":"Ada Lovelace","email":"ada@example.com","avatarURL":"https://cdn.example.com/ada.png"}}"#
    static let refreshed = #"{"accessToken":"access-3","refreshToken":"refresh-3","expiresIn":900}"#
    static let user =
        #"{"id":"u-1","name":"Ada Lovelace","email":"ada@example.com","avatarURL":"https://cdn.example.com/ada.png"}"#
}
