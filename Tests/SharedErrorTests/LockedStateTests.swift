import Dispatch
import SharedError
import Testing

/// `LockedState` really excludes: many threads changing one value at once lose nothing. Without the lock the
/// counts come out short or the dictionary breaks, and the thread sanitizer (`.ci/run`'s last step) reports the
/// race.
@Suite("LockedState under contention")
struct LockedStateTests {
    @Test func concurrentChangesAreAllKept() {
        let threads = 8
        let changes = 20_000
        let sut = LockedState<[Int: Int]>([:])

        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for change in 0..<changes {
                sut.withLock { $0[(thread + change) % 16, default: 0] += 1 }
            }
        }

        let counts = sut.withLock { $0 }
        #expect(counts.values.reduce(0, +) == threads * changes)
        #expect(counts.count == 16)
    }

    @Test func whatTheBodyThrowsComesOutWithItsType() {
        let sut = LockedState(1)

        let result = Result { () throws(Refused) in
            try sut.withLock { value throws(Refused) in
                value = 2
                throw Refused()
            }
        }

        #expect(throws: Refused.self) { try result.get() }
        #expect(sut.withLock { $0 } == 2, "what the body changed before it threw is kept")
    }

    struct Refused: Error, Equatable {}
}
