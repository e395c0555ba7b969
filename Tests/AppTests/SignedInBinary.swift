import Foundation
import TestSupport
import Testing

extension ContractBackend {
    /// Starts a contract backend and signs the binary in against it in a fresh home folder, as a user does before
    /// a `--base-url` run; returns the backend, the home and the backend's URL as the user types it.
    static func startSignedIn() async throws -> (ContractBackend, TemporaryFolder, String) {
        let backend = try await ContractBackend.start()
        let home = TemporaryFolder()
        let url = backend.baseURL.absoluteString
        let signIn = try await Binary.run(["signin", "--base-url", url, "--answer", "approve"], home: home.url)
        #expect(signIn.status == 0, "\(signIn.stderr)")
        return (backend, home, url)
    }
}
