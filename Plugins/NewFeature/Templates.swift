/// The text of a new read-only feature, for one name. `Orders` stands for the name in every spelling below; the
/// templates are written for `Orders` and renamed as a whole, so each reads as the code it becomes.
struct Templates {
    let names: FeatureNames

    init(_ names: FeatureNames) {
        self.names = names
    }

    /// The template's text for this feature's name: every spelling of `Orders` first becomes a token no template
    /// holds, then the token becomes this feature's spelling, so a name that contains another (`PurchaseOrders`)
    /// is never renamed twice.
    private func named(_ template: String) -> String {
        let spellings = [
            ("/v1/orders", names.path), ("OrdersFeature", names.module), ("ORDERS-KEBAB", names.kebab),
            ("Orders", names.type), ("orders-", names.kebab + "-"), ("Order", names.element), ("orders", names.lower),
        ]
        var text = template
        for (index, spelling) in spellings.enumerated() {
            text = text.replacingOccurrences(of: spelling.0, with: "\u{1}\(index)\u{1}")
        }
        for (index, spelling) in spellings.enumerated() {
            text = text.replacingOccurrences(of: "\u{1}\(index)\u{1}", with: spelling.1)
        }
        return text
    }

    /// The files a person makes their own after scaffolding: the seven of production code that
    /// `Scripts/feature-cost.sh` counts, then the contract, the documented rows, the demo's fixtures and the tests.
    var yours: [String] {
        [
            "Modules/Domain/Orders/Orders.swift (the entity's fields, the service's own answers as cases)",
            "Modules/OrdersFeature/Data/RemoteOrdersRepository.swift (their decoding and mapping)",
            "Modules/OrdersFeature/Presentation/OrdersViewModel.swift (the state, ownWords)",
            "Modules/OrdersFeature/Presentation/OrdersWording.swift and Resources/{en,de}.lproj/Localizable.strings",
            "Modules/OrdersFeature/View/OrdersScreen.swift", "docs/openapi.yaml (the Orders schemas)",
            "docs/boundaries.md and docs/error-ownership.md (a row per case)",
            "Demo/Backend/Server/DemoResponder+Orders.swift (its fixtures)", "Tests/OrdersFeatureTests",
        ].map(named)
    }

    /// The feature's own files, which exist with or without the demo.
    var newFiles: [(String, String)] {
        [
            ("Modules/Domain/Orders/Orders.swift", domain),
            ("Modules/OrdersFeature/Data/RemoteOrdersRepository.swift", data),
            ("Modules/OrdersFeature/Presentation/OrdersViewModel.swift", viewModel),
            ("Modules/OrdersFeature/View/OrdersScreen.swift", screen),
            ("Modules/OrdersFeature/Presentation/OrdersWording.swift", wording),
            ("Modules/OrdersFeature/Resources/en.lproj/Localizable.strings", englishStrings),
            ("Modules/OrdersFeature/Resources/de.lproj/Localizable.strings", germanStrings),
            ("Modules/Composition/ComposedApp+Orders.swift", composition),
            ("App/Commands/OrdersCommand.swift", command),
            ("Tests/OrdersFeatureTests/OrdersBoundaryTests.swift", boundaryTests),
            ("Tests/OrdersFeatureTests/OrdersViewModelTests.swift", viewModelTests),
        ].map { (named($0.0), $0.0.hasSuffix(".swift") ? Insert.sortingImports(named($0.1)) : named($0.1)) }
    }

    /// The demo's answers for the feature's path.
    var demoFiles: [(String, String)] {
        [("Demo/Backend/Server/DemoResponder+Orders.swift", demoAnswers)].map { (named($0.0), named($0.1)) }
    }

    // MARK: - Files

    private var domain: String {
        #"""
        public import SharedError

        /// One order, as the orders screen lists it.
        public struct Order: Hashable, Sendable {
            /// The order's id on the backend.
            public var id: String
            /// What the user calls the order.
            public var title: String

            /// An order with `id` and `title`.
            public init(id: String, title: String) {
                self.id = id
                self.title = title
            }
        }

        /// Where the orders come from. Declared here, implemented in the orders feature's `Data/`.
        public protocol OrdersRepository: Sendable {
            /// The signed-in user's orders; an empty list when there are none (an empty state, not an error).
            func fetchOrders() async throws(OrdersRepositoryError) -> [Order]
        }

        /// The orders repository's own vocabulary.
        public enum OrdersRepositoryError: BackendCallError, Hashable {
            /// The orders service failed in a way it cannot explain, or its answer had no list.
            case unavailable(Diagnostic)
            /// Offline, timed out or signed out: the app's, not the orders'.
            case appWide(AppWideCondition)
            /// The call was cancelled; nobody needs to hear about it.
            case cancelled

            /// Raised by the data layer.
            public static let owningLayer = JourneyLayer.data

            /// Each case's name, category and payload: the compiler asks for a line for every new case.
            public var errorCase: ErrorCase {
                switch self {
                case .unavailable(let diagnostic): .default("unavailable").carrying(diagnostic)
                case .appWide(let condition): .appWide(condition)
                case .cancelled: .cancelled
                }
            }
        }

        """#
    }

    private var data: String {
        #"""
        import Decoding
        public import Domain
        public import Foundation
        public import Logging
        public import Networking
        import SharedError

        /// The orders from `GET /v1/orders`, fail-validated: an order without its id or title is left out and reported;
        /// an answer without the list is `unavailable`.
        public struct RemoteOrdersRepository: OrdersRepository {
            static let endpoint = "/v1/orders"

            private let call: RemoteCall<OrdersRepositoryError>
            private let baseURL: URL

            /// A repository that sends through `client` (the authenticated chain) to the backend at `baseURL`.
            public init(client: any HTTPClient, baseURL: URL, reporter: any ClientReporting, logger: Logger) {
                self.baseURL = baseURL
                call = RemoteCall(
                    client: client, reporter: reporter, logger: logger, unavailable: { .unavailable($0) })
            }

            /// The orders; a failure is the repository's own error, recorded in the journey.
            public func fetchOrders() async throws(OrdersRepositoryError) -> [Order] {
                try await call.perform(.getJSON(baseURL, Self.endpoint), endpoint: Self.endpoint) {
                    (body: Data) throws(DecodingFailure) in
                    let decoded = try LenientJSONDecoder().decode(OrdersResponse.self, from: body)
                    return Decoded(value: decoded.value.orders.elements.map(\.order), report: decoded.report)
                }
            }
        }

        /// `GET /v1/orders`: `{"orders": [{"id": …, "title": …}]}`.
        struct OrdersResponse: Decodable, DefectReporting {
            let orders: LossyList<OrderResponse>

            var defects: [DecodingDefect] { orders.defects }
        }

        /// One order; one without an id or a title is dropped by the list.
        struct OrderResponse: Decodable, DefectReporting {
            let order: Order
            let defects: [DecodingDefect] = []

            private enum CodingKeys: String, CodingKey { case id, title }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                order = Order(
                    id: try container.requiredIdentifier(forKey: .id),
                    title: try container.required(String.self, forKey: .title, rule: "empty") { !$0.isEmpty })
            }
        }

        """#
    }

    private var viewModel: String {
        #"""
        public import Domain
        public import Logging
        public import Navigation
        public import SharedError

        /// Everything the orders screen shows.
        public struct OrdersState: Hashable, Sendable, Encodable {
            /// One order on the screen.
            public struct Row: Hashable, Sendable, Encodable {
                /// The order's id.
                public var id: String
                /// What the user calls it.
                public var title: String
            }

            /// The orders, in the backend's order.
            public var orders: [Row] = []
            /// Whether the user has no orders: an empty state, not an error.
            public var isEmpty = false
            /// Whether a load is under way.
            public var isLoading = false
            /// An error this screen words itself (``OrdersViewModel/ownWords(_:)``), shown on the screen.
            public var error: PresentationError?

            /// A screen with nothing loaded.
            public init() {}
        }

        /// The orders screen's presentation logic. ``ScreenPresenter`` decides every error; the screen words only
        /// its own (``ownWords(_:)``), and the rest goes to Navigation as what it is.
        @MainActor
        public final class OrdersViewModel {
            /// The name this screen goes by with Navigation.
            public static let screen = "orders"

            /// What the screen shows.
            public private(set) var state = OrdersState()

            private let repository: any OrdersRepository
            private let presenter: ScreenPresenter

            /// A screen over `repository`, handing what it does not word to `router`.
            public init(repository: any OrdersRepository, router: any ErrorRouting, logger: Logger) {
                self.repository = repository
                self.presenter = ScreenPresenter(screen: Self.screen, router: router, logger: logger, origin: .data)
            }

            /// Loads the orders, from a clean screen.
            public func load() async {
                state = OrdersState()
                state.isLoading = true
                state.error = await presenter.run(repository.fetchOrders) { orders in
                    state.orders = orders.map { OrdersState.Row(id: $0.id, title: $0.title) }
                    state.isEmpty = orders.isEmpty
                } ownWords: {
                    Self.ownWords($0)
                }
                state.isLoading = false
            }

            /// How the screen words each error of its own. None yet: `unavailable` is unexplained and goes to
            /// Navigation, as do app-wide conditions and cancellation. A case added to `OrdersRepositoryError` must be
            /// decided here before the feature compiles.
            static func ownWords(_ error: OrdersRepositoryError) -> ScreenReaction? {
                switch error {
                case .unavailable, .appWide, .cancelled: nil
                }
            }
        }

        """#
    }

    private var wording: String {
        #"""
        import SharedError

        /// The orders feature's words.
        enum OrdersWording: String, Wording {
            case title = "orders.title"
            case empty = "orders.empty"

            static let catalog = WordingCatalog(resourceBundle: "ErrorFlow_OrdersFeature")

            var english: String {
                switch self {
                case .title: "Orders"
                case .empty: "No orders yet."
                }
            }
        }

        """#
    }

    private var englishStrings: String {
        #"""
        "orders.empty" = "No orders yet.";
        "orders.title" = "Orders";

        """#
    }

    private var germanStrings: String {
        #"""
        "orders.empty" = "Noch keine Bestellungen.";
        "orders.title" = "Bestellungen";

        """#
    }

    private var screen: String {
        #"""
        public import SharedError

        /// Draws the orders screen as terminal text.
        public enum OrdersScreen {
            /// The screen for `state` in `language`, styled for the terminal it goes to.
            public static func render(_ state: OrdersState, style: TerminalStyle, language: Language = .english) -> String {
                var lines = [style.bold(OrdersWording.title.text(in: language))]
                if state.isEmpty {
                    lines.append("  " + style.dim(OrdersWording.empty.text(in: language)))
                }
                for order in state.orders {
                    lines.append("  " + style.column(order.id, width: 8) + order.title)
                }
                if let error = state.error {
                    lines += error.rendered(style: style).map { error.presentation == .alert ? style.red($0) : $0 }
                }
                return lines.joined(separator: "\n")
            }
        }

        """#
    }

    private var composition: String {
        #"""
        import Networking
        public import OrdersFeature

        extension ComposedApp {
            /// The orders screen.
            public func orders() -> OrdersViewModel {
                OrdersViewModel(
                    repository: RemoteOrdersRepository(
                        client: chain.authenticated, baseURL: configuration.baseURL, reporter: reports, logger: logger),
                    router: router, logger: logger)
            }
        }

        """#
    }

    private var command: String {
        #"""
        package import ArgumentParser

        /// `errorflow ORDERS-KEBAB`: the orders screen.
        package struct OrdersCommand<Choice: BackendChoice>: AsyncParsableCommand, ReportingCommand {
            package static var configuration: CommandConfiguration {
                CommandConfiguration(
                    commandName: "ORDERS-KEBAB", abstract: "The orders screen: the signed-in user's orders.",
                    discussion: Choice.discussion(for: .orders, about: ""))
            }

            @OptionGroup var choice: Choice
            @OptionGroup var backend: BackendOptions<Choice>
            @OptionGroup package var output: OutputOptions

            package init() {}

            @MainActor
            package func run() async throws {
                try await ScreenCommand.run(.orders, choice: choice, backend: backend, output: output)
            }
        }

        """#
    }

    private var boundaryTests: String {
        #"""
        import Domain
        import Foundation
        import Logging
        import Navigation
        import Networking
        import OrdersFeature
        import SharedError
        import TestSupport
        import Testing

        /// The orders feature's boundaries against `docs/boundaries.md`: every error the chain can throw into the
        /// repository, and every error of the repository into the screen.
        @MainActor
        @Suite("Orders boundaries", .timeLimit(.minutes(3)), .journeyProbe)
        struct OrdersBoundaryTests {
            nonisolated static let inputs = HTTPClientErrorSamples.all()
            nonisolated static let brokenBodies = [
                ("DecodingFailure.missing(orders)", #"{}"#), ("DecodingFailure.invalid(orders)", #"{"orders":7}"#),
            ]

            @Test(arguments: inputs)
            func theRepositoryMapsEachHTTPClientErrorAsDocumented(_ input: (key: String, error: HTTPClientError))
                async throws
            {
                let probe = JourneyProbe()
                let repository = makeRepository(HTTPClientSpy(results: [.failure(input.error)]), logger: probe.logger)

                let thrown = try #require(
                    await outcome(of: OrdersRepositoryError.self, try await repository.fetchOrders()).error)

                try BoundaryTable("RemoteOrdersRepository").check(
                    input.key, category: input.error.category, reaction: .recorded(by: .data, in: probe, result: thrown))
            }

            @Test(arguments: brokenBodies)
            func anAnswerWithoutItsListIsAsDocumented(_ key: String, _ body: String) async throws {
                let probe = JourneyProbe()
                let repository = makeRepository(HTTPClientSpy(answering: .json(200, body)), logger: probe.logger)

                let thrown = try #require(
                    await outcome(of: OrdersRepositoryError.self, try await repository.fetchOrders()).error)

                try BoundaryTable("RemoteOrdersRepository").check(
                    key, category: .unhandleable, reaction: .recorded(by: .data, in: probe, result: thrown))
            }

            @Test func theRepositoryTableNamesNothingElse() throws {
                try BoundaryTable("RemoteOrdersRepository").checkNamesExactly(
                    Self.inputs.map(\.key) + Self.brokenBodies.map(\.0))
            }

            @Test(arguments: OrdersRepositoryError.allCases)
            func theScreenReactsToEachErrorAsDocumented(_ error: OrdersRepositoryError) async throws {
                let probe = JourneyProbe()
                let sut = OrdersViewModel(
                    repository: StubOrders(.failure(error)), router: Router(environment: .dev, logger: probe.logger),
                    logger: probe.logger)

                await sut.load()

                try BoundaryTable("OrdersViewModel").check(
                    error.journeyName, category: error.category, reaction: .recorded(by: .presentation, in: probe))
            }

            @Test func theScreenTableNamesNoErrorThatDoesNotExist() throws {
                try BoundaryTable("OrdersViewModel").checkNamesExactly(OrdersRepositoryError.allCases.map(\.journeyName))
            }

            @Test func everyCaseDeclaresWhatItCarries() {
                #expect(OrdersRepositoryError.undeclaredPayloads == [])
            }

            private func makeRepository(_ client: HTTPClientSpy, logger: Logger) -> RemoteOrdersRepository {
                RemoteOrdersRepository(
                    client: client, baseURL: TestApp.baseURL, reporter: ClientReportingSpy(), logger: logger)
            }
        }

        /// Answers every load with the same result.
        struct StubOrders: OrdersRepository {
            let result: Result<[Order], OrdersRepositoryError>

            init(_ result: Result<[Order], OrdersRepositoryError>) {
                self.result = result
            }

            func fetchOrders() async throws(OrdersRepositoryError) -> [Order] {
                try result.get()
            }
        }

        """#
    }

    private var viewModelTests: String {
        #"""
        import Domain
        import Navigation
        import SharedError
        import TestSupport
        import Testing

        @testable import OrdersFeature

        /// What the orders screen shows: the list, an empty state, and nothing left of an earlier failure; its words in
        /// every shipped language.
        @MainActor
        @Suite("The orders screen")
        struct OrdersViewModelTests {
            @Test func everyWordIsInEveryShippedLanguage() throws {
                try WordingCheck.check(OrdersWording.self, module: "OrdersFeature")
            }

            @Test func showsEveryOrderInTheBackendsOrder() async {
                let (sut, router) = makeSUT(.success([Order(id: "o-2", title: "Tea"), Order(id: "o-1", title: "Coffee")]))

                await sut.load()

                #expect(sut.state.orders.map(\.title) == ["Tea", "Coffee"])
                #expect(router.presentedError == nil)
            }

            @Test func noOrdersIsAnEmptyStateNotAnError() async {
                let (sut, router) = makeSUT(.success([]))

                await sut.load()

                #expect(sut.state.isEmpty)
                #expect(router.presentedError == nil)
            }

            @Test func aFailingServiceIsPresentedByNavigationWithNothingListed() async {
                let (sut, router) = makeSUT(.failure(.unavailable(.sample)))

                await sut.load()

                #expect(sut.state.orders.isEmpty && !sut.state.isEmpty)
                #expect(router.presentedError != nil, "Navigation shows what the screen does not word")
            }

            @Test func aLoadAfterAFailureShowsNoOldAlert() async {
                let router = Router(environment: .dev, logger: quietLogger)
                let failing = OrdersViewModel(
                    repository: StubOrders(.failure(.unavailable(.sample))), router: router, logger: quietLogger)
                await failing.load()
                let sut = OrdersViewModel(
                    repository: StubOrders(.success([Order(id: "o-1", title: "Coffee")])), router: router,
                    logger: quietLogger)

                await sut.load()

                #expect(router.presentedError == nil)
            }

            private func makeSUT(_ result: Result<[Order], OrdersRepositoryError>) -> (OrdersViewModel, Router) {
                let router = Router(environment: .dev, logger: quietLogger)
                return (OrdersViewModel(repository: StubOrders(result), router: router, logger: quietLogger), router)
            }
        }

        """#
    }

    private var demoAnswers: String {
        #"""
        extension DemoResponder {
            /// `GET /v1/orders`, as the scenario says: two orders, none, or a failing service.
            func orders() -> Answer {
                switch scenario {
                case .ordersEmpty: .json(200, #"{"orders":[]}"#)
                case .ordersUnavailable: .error(500, "internal", "The orders service failed.")
                default: .json(200, #"{"orders":[{"id":"o-1","title":"Coffee beans"},{"id":"o-2","title":"A teapot"}]}"#)
                }
            }
        }

        """#
    }

    // MARK: - Lines in files that exist

    var packageTarget: String {
        named(
            #"""
            .target(
                name: "OrdersFeature",
                dependencies: ["Domain", "Networking", "Decoding", "Navigation", "SharedError", logging],
                path: "Modules/OrdersFeature",
                resources: [.process("Resources")]
            ),
            """#)
    }

    var packageTestTarget: String {
        named(
            #"""
            .testTarget(
                name: "OrdersFeatureTests",
                dependencies: ["OrdersFeature", "Domain", "Navigation", "Networking", "SharedError", "TestSupport", logging],
                path: "Tests/OrdersFeatureTests"
            ),
            """#)
    }

    var screenCase: String {
        names.kebab == names.lower ? "case \(names.lower)" : "case \(names.lower) = \"\(names.kebab)\""
    }

    var screenTag: String {
        named("enum OrdersTag: ScreenTag { static let screen: Screen? = .orders }")
    }

    var appCommand: String {
        named("OrdersCommand<BaseURLOnly>.self,")
    }

    var explainedType: String {
        named(#"ExplainedType(OrdersRepositoryError.self, file: "Modules/Domain/Orders/Orders.swift"),"#)
    }

    var explainedSamples: String {
        named("samples += OrdersRepositoryError.allCases as [any LayerError]")
    }

    var demoCommand: String {
        named("OrdersCommand<DemoOption<OrdersTag>>.self,")
    }

    var screenRun: String {
        named(
            #"""
            case .orders:
                let viewModel = app.orders()
                await viewModel.load()
                (text, state, screenError) = (
                    OrdersScreen.render(viewModel.state, style: style, language: language), viewModel.state,
                    viewModel.state.error
                )
                isEmpty = viewModel.state.isEmpty
            """#)
    }

    var scenarioCases: String {
        named(
            #"""
            case ordersHappy = "orders-happy"
            case ordersEmpty = "orders-empty"
            case ordersUnavailable = "orders-unavailable"
            """#)
    }

    var plans: String {
        named(
            #"""
            case .ordersHappy:
                ScenarioPlan(summary: "two orders", screen: .orders, expected: .content)
            case .ordersEmpty:
                ScenarioPlan(summary: "no orders yet: an empty state, not an error", screen: .orders, expected: .empty)
            case .ordersUnavailable:
                ScenarioPlan(
                    summary: "/v1/orders answers 500 (retried): unexplained (detail in dev, the default in prod)",
                    screen: .orders, expected: .presented, endsUnexplained: true,
                    journey: [
                        .networking: [.mapped, .mapped, .mapped, .retried, .retried], .data: [.mapped],
                        .presentation: [.forwarded], .navigation: [.presented],
                    ], stopsAt: .navigation)
            """#)
    }

    var expectations: String {
        named(
            #"""
            .init(scenario: .ordersHappy, outcome: "content", exitCode: 0, screen: ["Coffee beans"], journeyIsEmpty: true),
            .init(scenario: .ordersEmpty, outcome: "empty", exitCode: 0, screen: ["No orders yet."], journeyIsEmpty: true),
            .init(
                scenario: .ordersUnavailable, outcome: "presented", exitCode: 1,
                steps: ["navigation presented OrdersRepositoryError.unavailable → alert: error.default.title [retry, copyRequestID]"],
                screen: ["Developer detail"]),
            """#)
    }

    var sampledCases: String {
        named(
            #"""

            extension OrdersRepositoryError: SampledCases {
                /// One name per case.
                public enum SampleCase: CaseIterable { case unavailable, appWide, cancelled }

                /// This error's case.
                public var sampleCase: SampleCase {
                    switch self {
                    case .unavailable: .unavailable
                    case .appWide: .appWide
                    case .cancelled: .cancelled
                    }
                }

                /// Every value of the case worth telling apart.
                public static func samples(of name: SampleCase) -> [Self] {
                    switch name {
                    case .unavailable: [.unavailable(.sample)]
                    case .appWide: AppWideCondition.allCases.map(Self.appWide)
                    case .cancelled: [.cancelled]
                    }
                }
            }

            """#)
    }

    var openAPITag: String {
        named(
            #"""
            - name: ORDERS-KEBAB
              description: The signed-in user's orders (read-only).
            """#)
    }

    var openAPIPath: String {
        named(
            #"""
            /v1/orders:
              get:
                tags: [ORDERS-KEBAB]
                operationId: getOrders
                summary: The signed-in user's orders.
                responses:
                  "200":
                    description: The orders; an empty list when there are none.
                    content:
                      application/json:
                        schema:
                          $ref: "#/components/schemas/Orders"
                  "401":
                    $ref: "#/components/responses/Unauthorized"
                  "429":
                    $ref: "#/components/responses/TooManyRequests"
                  "500":
                    $ref: "#/components/responses/InternalServerError"
                  "502":
                    $ref: "#/components/responses/BadGateway"
                  "503":
                    $ref: "#/components/responses/ServiceUnavailable"
                  "504":
                    $ref: "#/components/responses/GatewayTimeout"
              head:
                tags: [ORDERS-KEBAB]
                operationId: headOrders
                summary: GET /v1/orders without the body.
                responses:
                  "200":
                    description: As GET; no body.
                  "401":
                    description: As GET (`invalid_token` / `token_expired`); no body.
                  "429":
                    $ref: "#/components/responses/TooManyRequestsNoBody"
                  "500":
                    description: As GET; no body.
                  "502":
                    description: As GET; no body.
                  "503":
                    $ref: "#/components/responses/ServiceUnavailableNoBody"
                  "504":
                    description: As GET; no body.

            """#)
    }

    var openAPISchemas: String {
        named(
            #"""
            Orders:
              type: object
              description: |
                The list is required. An order without a usable `id` or a non-empty `title` is left out by the client and
                REPORTED (`POST /v1/client-reports`); the others are shown.
              required: [orders]
              properties:
                orders:
                  type: array
                  items:
                    $ref: "#/components/schemas/Order"
            Order:
              type: object
              required: [id, title]
              properties:
                id:
                  description: A string or a number; the client reads both as a string.
                  oneOf:
                    - type: string
                      minLength: 1
                    - type: integer
                title:
                  type: string
                  minLength: 1
              example:
                id: o-1
                title: Coffee beans

            """#)
    }

    var graphEdges: String {
        named(
            #"""
            App --> OrdersFeature
            Composition --> OrdersFeature
            OrdersFeature --> Domain
            OrdersFeature --> Networking
            OrdersFeature --> Decoding
            OrdersFeature --> Navigation
            OrdersFeature --> SharedError
            """#)
    }

    var edgeRows: [String] {
        [
            "| OrdersFeature | Domain, Networking, Decoding, Navigation, SharedError, Logging |",
            "| OrdersFeatureTests | OrdersFeature, Domain, Navigation, Networking, SharedError, TestSupport, Logging |",
        ].map(named)
    }

    var ownerRow: String {
        named(
            "| Data (contract in Domain) | `OrdersRepositoryError` (`unavailable(Diagnostic)`, `appWide(AppWideCondition)`, "
                + "`cancelled`) | `GET /v1/orders` failures; an answer without its list | the orders view model decides |"
        )
    }

    var scenarioRows: [String] {
        [
            "| orders-happy | ORDERS-KEBAB | two orders | content (0) |",
            "| orders-empty | ORDERS-KEBAB | `{\"orders\":[]}` | empty: \"No orders yet.\", no alert (0) |",
            "| orders-unavailable | ORDERS-KEBAB | `/v1/orders` 500 (retried) | presented by Navigation: "
                + "`OrdersRepositoryError.unavailable`, dev: detail, prod: default (1) |",
        ].map(named)
    }

    var boundaryTables: String {
        let transient = [
            "connectionLost", "requestTimeout", "tooManyRequests", "server(500)", "server(502)", "server(503)",
            "server(504)",
        ]
        let refused = [
            "invalidResponse", "bodyTooLarge", "forbidden", "notFound", "conflict", "unexpectedStatus(418)",
            "errorEnvelope(SERVICE_DOWN)", "journalRefused(busy)", "journalRefused(unusable)", "journalRefused(full)",
            "journalRefused(unresolvedAndExpired)", "journalRefused(waitingElsewhere)", "journalRefused(madeEarlier)",
            "journalRefused(tooLarge)",
        ]
        func list(_ kinds: [String]) -> String { kinds.map { "`HTTPClientError.\($0)`" }.joined(separator: ", ") }
        return named(
            """
            ### Boundary: RemoteOrdersRepository (Data, OrdersFeature)

            | error reaching it | category | reaction |
            |---|---|---|
            | `HTTPClientError.offline` | unhandleable | mapped → OrdersRepositoryError.appWide(AppWideCondition.offline) |
            | `HTTPClientError.timedOut` | unhandleable | mapped → OrdersRepositoryError.appWide(AppWideCondition.timedOut) |
            | `HTTPClientError.cancelled` | ignorable | mapped → OrdersRepositoryError.cancelled |
            | \(list(transient)) | recoverable | mapped → OrdersRepositoryError.unavailable |
            | \(list(refused)) | unhandleable | mapped → OrdersRepositoryError.unavailable |
            | `HTTPClientError.unauthorized`, `HTTPClientError.sessionExpired` | unhandleable | mapped → OrdersRepositoryError.appWide(AppWideCondition.sessionExpired) |
            | `DecodingFailure.missing(orders)`, `DecodingFailure.invalid(orders)` | unhandleable | mapped → OrdersRepositoryError.unavailable |

            ### Boundary: OrdersViewModel (Presentation, OrdersFeature)

            | error reaching it | category | reaction |
            |---|---|---|
            | `OrdersRepositoryError.cancelled` | ignorable | ignored |
            | `OrdersRepositoryError.appWide(AppWideCondition.sessionExpired)` | unhandleable | forwarded → Navigation: AppWideCondition.sessionExpired |
            | `OrdersRepositoryError.appWide(AppWideCondition.offline)` | unhandleable | forwarded → Navigation: AppWideCondition.offline |
            | `OrdersRepositoryError.appWide(AppWideCondition.timedOut)` | unhandleable | forwarded → Navigation: AppWideCondition.timedOut |
            | `OrdersRepositoryError.unavailable` | default | forwarded → Navigation: OrdersRepositoryError.unavailable |

            """)
    }
}
