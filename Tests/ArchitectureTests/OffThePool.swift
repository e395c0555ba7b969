import Foundation

/// Runs blocking work (waiting for a child process) on a GCD thread, so that it never holds one of the few threads
/// Swift concurrency runs every test on: two such waits at once would stall every other test of the run.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}
