public import Foundation
import SharedError

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Holds the advisory lock of a shared private file (`<name>.lock` beside it) the way another process would: on an
/// open file description of its own, so every change of that file in this process has to wait for it too.
public final class HeldLock: Sendable {
    private let descriptor: LockedState<Int32?>

    /// Takes the lock of `file`; `nil` when it cannot (the folder is missing, or someone holds it).
    public init?(on file: URL) {
        let path = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".lock").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = LockedState(descriptor)
    }

    /// Lets the lock go; again, it does nothing.
    public func release() {
        descriptor.withLock { held in
            guard let open = held else { return }
            flock(open, LOCK_UN)
            close(open)
            held = nil
        }
    }

    deinit {
        release()
    }
}
