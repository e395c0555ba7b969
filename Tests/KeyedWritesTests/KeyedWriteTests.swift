import Foundation
import KeyedWrites
import Networking
import Testing

/// Every state of a keyed write against every event, with the state it must end in written out: the table of
/// ARCHITECTURE.md ("A keyed write"), row by row. `nil` means the write leaves the journal.
@Suite("A keyed write: every state × every event")
struct KeyedWriteTests {
    private static let a = SendID("a")
    private static let b = SendID("b")
    private static let earlier = KeyedWrite.Receipt(
        madeAt: Date(timeIntervalSince1970: 100), status: 201, body: Data("{}".utf8))
    private static let later = KeyedWrite.Receipt(
        madeAt: Date(timeIntervalSince1970: 200), status: 201, body: Data("{}".utf8))

    private static func pending(_ sends: Set<SendID>, mayBeMade: Bool) -> KeyedWrite.State {
        .pending(sends: sends, mayBeMade: mayBeMade)
    }

    /// Each row: the state, then for each event (in the order of ``events``) the state after it.
    private static let rows: [(KeyedWrite.State, [KeyedWrite.State?])] = [
        (
            pending([a], mayBeMade: false),
            [
                pending([a, b], mayBeMade: false), .made(later), nil, pending([], mayBeMade: true), nil,
                pending([a], mayBeMade: false), nil,
            ]
        ),
        (
            pending([a, b], mayBeMade: false),
            [
                pending([a, b], mayBeMade: false), .made(later), nil, pending([b], mayBeMade: true),
                pending([b], mayBeMade: false), pending([a], mayBeMade: false), nil,
            ]
        ),
        (
            pending([a], mayBeMade: true),
            [
                pending([a, b], mayBeMade: true), .made(later), nil, pending([], mayBeMade: true),
                pending([], mayBeMade: true), pending([a], mayBeMade: true), nil,
            ]
        ),
        (
            pending([], mayBeMade: true),
            [
                pending([b], mayBeMade: true), .made(later), nil, pending([], mayBeMade: true),
                pending([], mayBeMade: true), pending([], mayBeMade: true), nil,
            ]
        ),
        (
            pending([], mayBeMade: false),
            [pending([b], mayBeMade: false), .made(later), nil, pending([], mayBeMade: true), nil, nil, nil]
        ),
        (
            .made(earlier),
            [.made(earlier), .made(earlier), .made(earlier), .made(earlier), .made(earlier), .made(earlier), nil]
        ),
    ]

    private static let events: [KeyedWrite.Event] = [
        .sendBegan(b), .sendEnded(a, .made(later)), .sendEnded(a, .notMade), .sendEnded(a, .mayBeMade),
        .sendEnded(a, .notReached), .sendEnded(b, .notReached), .dismissed,
    ]

    @Test(arguments: rows.indices)
    func everyEventFromThisState(_ row: Int) {
        let (state, expected) = Self.rows[row]
        for (event, after) in zip(Self.events, expected) {
            #expect(write(state).after(event)?.state == after, "\(state) after \(event)")
        }
    }

    @Test func theTableCoversEveryEvent() {
        #expect(Self.rows.allSatisfy { $0.1.count == Self.events.count })
    }

    // MARK: - The same write again

    private static let lifetime = Duration.seconds(86_400)
    private static let fresh = Date(timeIntervalSince1970: 1_000)
    private static let expired = Date(timeIntervalSince1970: 1_000 + 86_400)
    private static let withoutBody = KeyedWrite.Receipt(
        madeAt: Date(timeIntervalSince1970: 50), status: 201, body: Data(count: KeyedWrite.Receipt.bodyLimit + 1))

    /// Each row: the state, when, then what a new send of the same write does, without and with `--again`.
    private static let sameWriteRows: [(KeyedWrite.State, Date, KeyedWrite.SameWrite, KeyedWrite.SameWrite)] = [
        (pending([a], mayBeMade: true), fresh, .sendUnderItsKey, .sendUnderItsKey),
        (pending([], mayBeMade: false), fresh, .sendUnderItsKey, .sendUnderItsKey),
        (
            pending([a], mayBeMade: true), expired,
            .refuse(.unresolvedAndExpired(since: Date(timeIntervalSince1970: 0), key: "key")),
            .refuse(.unresolvedAndExpired(since: Date(timeIntervalSince1970: 0), key: "key"))
        ),
        (.made(earlier), fresh, .showReceipt(earlier), .unrelated),
        (.made(withoutBody), fresh, .refuse(.madeEarlier(at: Date(timeIntervalSince1970: 50))), .unrelated),
        (.made(earlier), expired, .unrelated, .unrelated),
    ]

    @Test(arguments: sameWriteRows.indices)
    func theSameWriteAgain(_ row: Int) {
        let (state, now, plain, again) = Self.sameWriteRows[row]

        #expect(write(state).sameWrite(again: false, at: now, lifetime: Self.lifetime) == plain)
        #expect(write(state).sameWrite(again: true, at: now, lifetime: Self.lifetime) == again)
    }

    @Test func aReceiptKeepsItsBodyUpToTheLimitAndNoLonger() {
        let atLimit = KeyedWrite.Receipt(madeAt: .now, status: 201, body: Data(repeating: 65, count: 16_384))
        let over = KeyedWrite.Receipt(madeAt: .now, status: 201, body: Data(repeating: 65, count: 16_385))

        #expect(atLimit.body?.utf8.count == 16_384)
        #expect(over.body == nil)
    }

    // MARK: - Helpers

    private func write(_ state: KeyedWrite.State) -> KeyedWrite {
        KeyedWrite(
            identity: KeyedWrite.Identity(
                origin: BackendOrigin(URL(string: "http://127.0.0.1:8080") ?? URL(fileURLWithPath: "/")), basePath: "",
                user: "u-1",
                method: "POST", operation: "/v1/transfers", body: "{}"),
            key: "key", firstSent: Date(timeIntervalSince1970: 0), state: state)
    }
}
