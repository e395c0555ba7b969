import Foundation
import TestSupport
import Testing

/// The contract's error codes and the client's, both ways: every `(operation, status, code)` `docs/openapi.yaml`
/// documents has a row in the boundary table of the layer that reads that operation's answers, and every code a
/// boundary table reads is documented for each operation it reads. The boundary tests hold the rows to the code.
@Suite("The contract's error codes and the boundary tables")
struct ErrorCodesTests {
    static let rules = ErrorCodeRules(
        handlers: [
            "POST /v1/auth/apple": "RemoteSignInService",
            "POST /v1/auth/refresh": "TokenRefreshSession",
            "GET /v1/me": "RemoteProfileRepository",
            "GET /v1/wallet": "RemoteWalletRepository",
            "GET /v1/payment-cards": "RemotePaymentCardsRepository",
            "POST /v1/transfers": "RemoteTransferRepository.send",
            "GET /v1/transfers/{id}": "RemoteTransferRepository.transfer(id:)",
        ],
        chain: ["RetryingHTTPClient", "AuthenticatingHTTPClient"],
        unread: [
            "POST /v1/client-reports":
                "the report senders drop a report refused with any 4xx but 429, whatever its code",
            "POST /v1/error-reports":
                "the report senders drop a report refused with any 4xx but 429, whatever its code",
            "GET /v1/error-reports": "the client never calls it",
        ])

    @Test func everyDocumentedCodeHasABoundaryRow() throws {
        let (contract, boundaries) = try Self.read()

        let gaps = Self.rules.answersWithoutRow(contract: contract, boundaries: boundaries)

        #expect(gaps.isEmpty, "\(gaps.joined(separator: "\n"))")
    }

    @Test func everyCodeABoundaryReadsIsDocumented() throws {
        let (contract, boundaries) = try Self.read()

        let gaps = Self.rules.rowsWithoutAnswer(contract: contract, boundaries: boundaries)

        #expect(gaps.isEmpty, "\(gaps.joined(separator: "\n"))")
    }

    @Test func theRulesNameOnlyOperationsAndTablesThatExist() throws {
        let (contract, boundaries) = try Self.read()

        let unknown = Self.rules.unknownNames(contract: contract, boundaries: boundaries)

        #expect(unknown.isEmpty, "\(unknown.joined(separator: "\n"))")
    }

    /// The first two checks would pass on an empty reading; this one pins what the reading finds for one operation.
    @Test func theWalletsCodesAreReadFromTheDocumentAndItsTable() throws {
        let (contract, boundaries) = try Self.read()

        let wallet = try #require(contract.operations["GET /v1/wallet"])
        let table = try #require(boundaries["RemoteWalletRepository"])

        #expect(wallet.authenticated)
        #expect(
            wallet.answers == [
                CodedAnswer(status: 401, code: "invalid_token"), CodedAnswer(status: 401, code: "token_expired"),
                CodedAnswer(status: 403, code: "wallet_banned"), CodedAnswer(status: 404, code: "wallet_not_found"),
            ])
        #expect(
            table == [
                CodedAnswer(status: 403, code: "wallet_banned"), CodedAnswer(status: 404, code: "wallet_not_found"),
            ])
        #expect(contract.operations["POST /v1/auth/refresh"]?.authenticated == false)
    }

    static func read() throws -> (ContractDocument, [String: Set<CodedAnswer>]) {
        let root = ArchitectureDocument.root
        let yaml = try String(contentsOf: root.appendingPathComponent("docs/openapi.yaml"), encoding: .utf8)
        let markdown = try String(contentsOf: ArchitectureDocument.boundaries, encoding: .utf8)
        return (try ContractDocument(yaml: yaml), try BoundaryCodes.read(markdown: markdown))
    }
}

@Suite("The error-code checks can fail")
struct ErrorCodesCheckerTests {
    static let yaml = """
        openapi: 3.0.3
        security:
          - bearerAuth: []
        paths:
          /v1/things:
            get:
              responses:
                "200":
                  description: ok
                "401":
                  $ref: "#/components/responses/Unauthorized"
                "404":
                  description: no thing
                  content:
                    application/json:
                      schema:
                        allOf:
                          - $ref: "#/components/schemas/Error"
                          - properties:
                              error:
                                enum: [thing_not_found]
            head:
              responses:
                "401":
                  description: As GET; no body.
          /v1/sign-in:
            post:
              security: []
              responses:
                "403":
                  description: banned
                  content:
                    application/json:
                      schema:
                        $ref: "#/components/schemas/Banned"
        components:
          responses:
            Unauthorized:
              description: no token
              content:
                application/json:
                  schema:
                    allOf:
                      - $ref: "#/components/schemas/Error"
                      - properties:
                          error:
                            enum: [invalid_token]
          schemas:
            Error:
              type: object
              properties:
                error:
                  type: string
            Banned:
              allOf:
                - $ref: "#/components/schemas/Error"
                - properties:
                    error:
                      enum: [banned]
        """

    static let markdown = """
        ### Boundary: Chain (Networking)

        | error reaching it | category | reaction |
        |---|---|---|
        | `HTTPClientError.unauthorized + invalid_token` | unhandleable | passed on |

        ### Boundary: Things (Data, ThingsFeature)

        | error reaching it | category | reaction |
        |---|---|---|
        | `HTTPClientError.notFound + thing_not_found` | unhandleable | mapped → ThingsError.none |
        | `HTTPClientError.notFound`, `status in_review + pending` | unhandleable | mapped → ThingsError.unavailable |

        ### Boundary: SignIn (Data, AuthFeature)

        | error reaching it | category | reaction |
        |---|---|---|
        | `HTTPClientError.forbidden + banned` | unhandleable | mapped → SignInError.banned |
        """

    static let rules = ErrorCodeRules(
        handlers: ["GET /v1/things": "Things", "POST /v1/sign-in": "SignIn"], chain: ["Chain"], unread: [:])

    @Test func readsEachOperationsCodesThroughReferencesAndCompositions() throws {
        let contract = try ContractDocument(yaml: Self.yaml)

        #expect(
            contract.operations == [
                "GET /v1/things": .init(
                    authenticated: true,
                    answers: [.init(status: 401, code: "invalid_token"), .init(status: 404, code: "thing_not_found")]),
                "HEAD /v1/things": .init(authenticated: true, answers: []),
                "POST /v1/sign-in": .init(authenticated: false, answers: [.init(status: 403, code: "banned")]),
            ])
    }

    @Test func readsTheCodedRowsOfEveryTable() throws {
        let boundaries = try BoundaryCodes.read(markdown: Self.markdown)

        #expect(
            boundaries == [
                "Chain": [.init(status: 401, code: "invalid_token")],
                "Things": [.init(status: 404, code: "thing_not_found")],
                "SignIn": [.init(status: 403, code: "banned")],
            ])
    }

    @Test func aMatchingDocumentAndTablePass() throws {
        let contract = try ContractDocument(yaml: Self.yaml)
        let boundaries = try BoundaryCodes.read(markdown: Self.markdown)

        #expect(Self.rules.answersWithoutRow(contract: contract, boundaries: boundaries).isEmpty)
        #expect(Self.rules.rowsWithoutAnswer(contract: contract, boundaries: boundaries).isEmpty)
        #expect(Self.rules.unknownNames(contract: contract, boundaries: boundaries).isEmpty)
    }

    @Test func aDocumentedCodeWithoutARowFails() throws {
        let contract = try ContractDocument(yaml: Self.yaml)
        let markdown = Self.markdown.replacingOccurrences(
            of: "`HTTPClientError.notFound + thing_not_found`", with: "`x`")
        let boundaries = try BoundaryCodes.read(markdown: markdown)

        #expect(
            Self.rules.answersWithoutRow(contract: contract, boundaries: boundaries) == [
                "GET /v1/things 404 thing_not_found is documented; Things has no row `HTTPClientError.notFound + thing_not_found`"
            ])
    }

    @Test func aDocumentedCodeOfAnOperationNoBoundaryReadsFails() throws {
        let contract = try ContractDocument(yaml: Self.yaml)
        let boundaries = try BoundaryCodes.read(markdown: Self.markdown)
        var rules = Self.rules
        rules.handlers["POST /v1/sign-in"] = nil

        #expect(
            rules.answersWithoutRow(contract: contract, boundaries: boundaries) == [
                "POST /v1/sign-in 403 banned is documented; no boundary reads POST /v1/sign-in's codes"
            ])
    }

    @Test func anUnreadOperationNeedsNoRow() throws {
        let contract = try ContractDocument(yaml: Self.yaml)
        let boundaries = try BoundaryCodes.read(markdown: Self.markdown)
        var rules = Self.rules
        rules.handlers["POST /v1/sign-in"] = nil
        rules.unread["POST /v1/sign-in"] = "never called"

        #expect(rules.answersWithoutRow(contract: contract, boundaries: boundaries).isEmpty)
    }

    @Test func aCodeTheDocumentDoesNotListFails() throws {
        let contract = try ContractDocument(yaml: Self.yaml.replacingOccurrences(of: "[banned]", with: "[blocked]"))
        let boundaries = try BoundaryCodes.read(markdown: Self.markdown)

        #expect(
            Self.rules.rowsWithoutAnswer(contract: contract, boundaries: boundaries) == [
                "SignIn reads 403 banned for POST /v1/sign-in, which the contract does not document"
            ])
    }

    @Test func aChainsCodeMustBeDocumentedOnEveryAuthenticatedOperationAndOnlyThere() throws {
        let contract = try ContractDocument(yaml: Self.yaml)
        let markdown = Self.markdown.replacingOccurrences(
            of: "`HTTPClientError.unauthorized + invalid_token`",
            with: "`HTTPClientError.unauthorized + invalid_token`, `HTTPClientError.unauthorized + token_expired`")
        let boundaries = try BoundaryCodes.read(markdown: markdown)

        #expect(
            Self.rules.rowsWithoutAnswer(contract: contract, boundaries: boundaries) == [
                "Chain reads 401 token_expired for GET /v1/things, which the contract does not document"
            ])
    }

    @Test func aCodedTableNoOperationIsReadByFails() throws {
        let contract = try ContractDocument(yaml: Self.yaml)
        let boundaries = try BoundaryCodes.read(markdown: Self.markdown)
        var rules = Self.rules
        rules.handlers["POST /v1/sign-in"] = "Things"

        #expect(
            rules.rowsWithoutAnswer(contract: contract, boundaries: boundaries) == [
                "SignIn reads [403 banned] but reads no documented operation's answers",
                "Things reads 404 thing_not_found for POST /v1/sign-in, which the contract does not document",
            ])
    }

    @Test func namesTheRulesGiveMustExist() throws {
        let contract = try ContractDocument(yaml: Self.yaml)
        let boundaries = try BoundaryCodes.read(markdown: Self.markdown)
        var rules = Self.rules
        rules.unread["GET /v1/gone"] = "removed"
        rules.chain.append("Gone")

        #expect(
            rules.unknownNames(contract: contract, boundaries: boundaries) == [
                "GET /v1/gone is no operation of the contract", "Gone is no boundary table",
            ])
    }

    @Test func aBrokenReferenceIsAnError() {
        #expect(throws: ContractDocument.ReadError.brokenReference("#/components/schemas/Gone")) {
            try ContractDocument(yaml: Self.yaml.replacingOccurrences(of: "schemas/Banned\"", with: "schemas/Gone\""))
        }
    }

    @Test func aCodeOnAnErrorOfNoStatusIsAnError() {
        let markdown = Self.markdown.replacingOccurrences(of: "forbidden + banned", with: "offline + banned")

        #expect(throws: BoundaryCodes.ReadError.noStatus(boundary: "SignIn", entry: "HTTPClientError.offline + banned"))
        {
            try BoundaryCodes.read(markdown: markdown)
        }
    }
}
