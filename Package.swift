// swift-tools-version: 6.2

import PackageDescription

// MARK: - External packages

let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let hummingbird: Target.Dependency = .product(name: "Hummingbird", package: "hummingbird")
let httpTypes: Target.Dependency = .product(name: "HTTPTypes", package: "swift-http-types")
let nioCore: Target.Dependency = .product(name: "NIOCore", package: "swift-nio")
let serviceLifecycle: Target.Dependency = .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
let mustache: Target.Dependency = .product(name: "Mustache", package: "swift-mustache")
let asyncHTTPClient: Target.Dependency = .product(name: "AsyncHTTPClient", package: "async-http-client")
let nioHTTP1: Target.Dependency = .product(name: "NIOHTTP1", package: "swift-nio")
let nioPosix: Target.Dependency = .product(name: "NIOPosix", package: "swift-nio")
let nioHTTPCompression: Target.Dependency = .product(name: "NIOHTTPCompression", package: "swift-nio-extras")
let instrumentation: Target.Dependency = .product(name: "Instrumentation", package: "swift-distributed-tracing")
let w3cTraceContext: Target.Dependency = .product(name: "W3CTraceContext", package: "swift-w3c-trace-context")
let yams: Target.Dependency = .product(name: "Yams", package: "Yams")
let nioSSL: Target.Dependency = .product(name: "NIOSSL", package: "swift-nio-ssl")
let crypto: Target.Dependency = .product(name: "Crypto", package: "swift-crypto")

// MARK: - Package

let package = Package(
    name: "ErrorFlow",
    defaultLocalization: "en",
    // What the code needs: `Duration` and `ContinuousClock` (macOS 13, iOS 16). Linux has no minimum.
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        // The app alone: its screens against your backend. Rename it when the demo is gone (README, "Remove the demo").
        .executable(name: "errorflow-app", targets: ["AppMain"]),
        // Libraries for the Benchmarks/ package, which depends on this one by path.
        .library(name: "SharedError", targets: ["SharedError"]),
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "Decoding", targets: ["Decoding"]),
        .library(name: "Redaction", targets: ["Redaction"]),
        .library(name: "Domain", targets: ["Domain"]),
        .library(name: "PaymentsFeature", targets: ["PaymentsFeature"]),
        .library(name: "AuthFeature", targets: ["AuthFeature"]),
        .library(name: "TransfersFeature", targets: ["TransfersFeature"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", exact: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", exact: "2.13.0"),
        // Traits off: the demo backend and the test server need neither swift-configuration nor full Foundation.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1", traits: []),
        // The HTML report's templates: logic-less, HTML-escaping by default.
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", exact: "2.1.1"),
        // The transport on Linux: streamed bodies with backpressure, bounded decompression, IPv6 (AsyncHTTPTransport).
        .package(url: "https://github.com/swift-server/async-http-client.git", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", exact: "1.35.2"),
        // The trace of a screen load: its task-local context and the `traceparent` header (docs/decisions/0040).
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", exact: "1.7.3"),
        .package(url: "https://github.com/swift-otel/swift-w3c-trace-context.git", exact: "1.0.0"),
        // Tests only (no app target may depend on it): reads docs/openapi.yaml, the contract (docs/decisions/0101).
        .package(url: "https://github.com/jpsim/Yams.git", exact: "6.2.2"),
        // The fault proxy's trust in a staging backend's own CA (`errorflow proxy --ca-file`); AsyncHTTPClient's.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", exact: "2.37.6"),
        // The proof a fault proxy gives of its registration's secret, HMAC-SHA256 (docs/decisions/0111); already
        // built for AsyncHTTPClient's TLS.
        .package(url: "https://github.com/apple/swift-crypto.git", exact: "4.5.2"),
    ],
    targets: [
        // MARK: Shared vocabulary and app-wide reactions
        .target(
            name: "SharedError", dependencies: [logging, instrumentation, w3cTraceContext], path: "Modules/SharedError",
            resources: [.process("Resources")]
        ),
        .target(name: "Navigation", dependencies: ["SharedError", logging], path: "Modules/Navigation"),

        // MARK: Private files (the session, the report outbox)
        .target(name: "PrivateFiles", path: "Modules/PrivateFiles"),

        // MARK: Transport and business rules
        // Fail-validated decoding (each feature's API models) and the scrubbing of secrets from every text.
        .target(name: "Decoding", dependencies: ["SharedError"], path: "Modules/Decoding"),
        .target(name: "Redaction", dependencies: ["SharedError", logging], path: "Modules/Redaction"),
        .target(
            name: "Networking", dependencies: ["Decoding", "Redaction", "SharedError", logging, w3cTraceContext],
            path: "Modules/Networking"),
        // The journal of keyed writes (its two links of the chain) and the error reports (their outbox and sender).
        .target(
            name: "KeyedWrites", dependencies: ["Networking", "SharedError", "PrivateFiles", logging],
            path: "Modules/KeyedWrites"),
        .target(
            name: "ErrorReports",
            dependencies: ["Networking", "Decoding", "SharedError", "PrivateFiles", logging, w3cTraceContext],
            path: "Modules/ErrorReports"),
        .target(name: "Domain", dependencies: ["SharedError", logging], path: "Modules/Domain"),

        // MARK: The streaming transport (the composition and its tests only: nothing else builds swift-nio-ssl)
        .target(
            name: "AsyncHTTPTransport",
            dependencies: [
                "Networking", "SharedError", logging, asyncHTTPClient, nioCore, nioHTTP1, nioPosix, nioHTTPCompression,
            ],
            path: "Modules/AsyncHTTPTransport"
        ),

        // MARK: Vendor stand-ins (each imported only by its feature's Data/)
        .target(name: "AuthenticationServicesStandIn", path: "Modules/ThirdParty/AuthenticationServicesStandIn"),
        .target(name: "PassKitStandIn", path: "Modules/ThirdParty/PassKitStandIn"),

        // MARK: Features
        .target(
            name: "AuthFeature",
            dependencies: [
                "Domain", "Networking", "Decoding", "Navigation", "SharedError", "PrivateFiles",
                "AuthenticationServicesStandIn", logging,
            ],
            path: "Modules/AuthFeature",
            resources: [.process("Resources")]
        ),
        .target(
            name: "PaymentsFeature",
            dependencies: ["Domain", "Networking", "Decoding", "Navigation", "SharedError", "PassKitStandIn", logging],
            path: "Modules/PaymentsFeature",
            resources: [.process("Resources")]
        ),
        .target(
            name: "TransfersFeature",
            dependencies: ["Domain", "Networking", "Decoding", "KeyedWrites", "Navigation", "SharedError", logging],
            path: "Modules/TransfersFeature",
            resources: [.process("Resources")]
        ),
        // new-feature: feature targets

        // MARK: Composition root (a library: the CLI, the demo and the tests compose the app through it)
        .target(
            name: "Composition",
            dependencies: [
                "AuthFeature", "PaymentsFeature", "TransfersFeature", "Navigation", "Networking", "KeyedWrites",
                "ErrorReports", "Redaction", "Domain", "SharedError", "PrivateFiles", logging, crypto,
                // new-feature: composition dependencies
            ],
            path: "Modules/Composition"
        ),

        // MARK: The CLI: the app's commands (a library the executables share) and the app's own executable
        .target(
            name: "App",
            dependencies: [
                "Composition", "AuthFeature", "PaymentsFeature", "TransfersFeature", "Navigation", "Networking",
                "KeyedWrites", "ErrorReports", "Redaction", "Decoding", "Domain", "SharedError", "PrivateFiles",
                "AsyncHTTPTransport",
                "FaultProxy", "FaultInjection",
                argumentParser, logging, mustache,
                // new-feature: app dependencies
            ],
            path: "App",
            exclude: ["Main"],
            // `errorflow explain` reads the boundary tables from the document itself, as it is at build time.
            resources: [.embedInCode("../docs/boundaries.md")]
        ),
        .executableTarget(name: "AppMain", dependencies: ["App", argumentParser], path: "App/Main"),

        // MARK: Fault injection: the kinds and their seeded draw (the demo backend's and the proxy's), and the proxy
        .target(name: "FaultInjection", path: "Modules/FaultInjection"),
        .target(
            name: "FaultProxy",
            dependencies: [
                "FaultInjection", hummingbird, httpTypes, serviceLifecycle, nioCore, nioHTTP1, nioSSL, asyncHTTPClient,
                logging,
            ],
            path: "Modules/FaultProxy"
        ),

        // MARK: A Hummingbird responder on a loopback port (the demo backend and the tests' servers)
        .target(
            name: "LoopbackHosting",
            dependencies: [hummingbird, serviceLifecycle, nioCore, logging],
            path: "Modules/LoopbackHosting"
        ),

        // MARK: Test support
        .target(
            name: "TestSupport",
            dependencies: [
                "Composition", "AuthFeature", "PaymentsFeature", "TransfersFeature", "Navigation",
                "Networking", "ErrorReports", "Decoding", "Domain", "SharedError", "LoopbackHosting", logging,
                hummingbird,
                httpTypes, nioCore,
            ],
            path: "Tests/TestSupport"
        ),

        // MARK: Tests
        .testTarget(
            name: "SharedErrorTests", dependencies: ["SharedError", "TestSupport", logging],
            path: "Tests/SharedErrorTests"),
        .testTarget(name: "PrivateFilesTests", dependencies: ["PrivateFiles"], path: "Tests/PrivateFilesTests"),
        .testTarget(
            name: "NavigationTests",
            dependencies: ["Navigation", "SharedError", "TestSupport", logging],
            path: "Tests/NavigationTests"
        ),
        .testTarget(
            name: "NetworkingTests",
            dependencies: [
                "Networking", "ErrorReports", "Decoding", "Redaction", "SharedError", "TestSupport", logging,
                w3cTraceContext,
            ],
            path: "Tests/NetworkingTests"
        ),
        .testTarget(
            name: "KeyedWritesTests",
            dependencies: ["KeyedWrites", "Networking", "Decoding", "SharedError", "TestSupport", logging],
            path: "Tests/KeyedWritesTests"
        ),
        .testTarget(
            name: "ErrorReportsTests",
            dependencies: ["ErrorReports", "Networking", "Decoding", "SharedError", "TestSupport", logging],
            path: "Tests/ErrorReportsTests"
        ),
        .testTarget(
            name: "DomainTests",
            dependencies: ["Domain", "SharedError", "TestSupport", logging],
            path: "Tests/DomainTests"
        ),
        .testTarget(
            name: "PaymentsFeatureTests",
            dependencies: [
                "Composition",
                "PaymentsFeature", "Domain", "Navigation", "Networking", "ErrorReports", "Decoding", "SharedError",
                "TestSupport",
                logging,
            ],
            path: "Tests/PaymentsFeatureTests"
        ),
        .testTarget(
            name: "AuthFeatureTests",
            dependencies: [
                "Composition",
                "AuthFeature", "Domain", "Navigation", "Networking", "Decoding", "SharedError", "TestSupport", logging,
            ],
            path: "Tests/AuthFeatureTests"
        ),
        .testTarget(
            name: "TransfersFeatureTests",
            dependencies: [
                "Composition",
                "TransfersFeature", "Domain", "Navigation", "Networking", "ErrorReports", "Decoding", "SharedError",
                "TestSupport",
                logging,
            ],
            path: "Tests/TransfersFeatureTests"
        ),
        // new-feature: test targets
        .testTarget(
            name: "AppTests",
            dependencies: [
                "App", "Composition", "AuthFeature", "Domain", "Navigation", "Networking", "KeyedWrites",
                "ErrorReports", "Decoding", "SharedError", "TestSupport", logging,
            ],
            path: "Tests/AppTests",
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "TransportTests",
            dependencies: ["AsyncHTTPTransport", "Networking", "SharedError", "TestSupport", logging],
            path: "Tests/TransportTests"
        ),
        .testTarget(name: "ArchitectureTests", path: "Tests/ArchitectureTests"),
        .testTarget(
            name: "ContractTests", dependencies: ["Networking", "TestSupport", yams], path: "Tests/ContractTests"),

        // MARK: Package commands
        .plugin(
            name: "NewFeature",
            capability: .command(
                intent: .custom(
                    verb: "new-feature",
                    description: "Add a read-only feature that builds, passes its tests and runs in the tour."),
                permissions: [.writeToPackageDirectory(reason: "It writes the feature's files and adds its lines.")]
            ),
            path: "Plugins/NewFeature"
        ),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: - The demo (`remove-demo` deletes this section with the Demo and Tests/DemoTests folders)

package.products.append(.executable(name: "errorflow", targets: ["DemoCLI"]))
package.targets += [
    // The embedded backend that plays each scenario's server half.
    .target(
        name: "DemoBackend",
        dependencies: ["LoopbackHosting", "FaultInjection", hummingbird, httpTypes, nioCore, logging, w3cTraceContext],
        path: "Demo/Backend"
    ),
    // `errorflow`: the app's commands with the demo's around them (tour, scenarios, serve, load, --scenario).
    .executableTarget(
        name: "DemoCLI",
        dependencies: [
            "App", "DemoBackend", "LoopbackHosting", "Composition", "AuthFeature", "PaymentsFeature", "Navigation",
            "Networking", "ErrorReports", "Decoding", "Redaction", "Domain", "SharedError", "PrivateFiles",
            argumentParser, logging,
        ],
        path: "Demo/CLI"
    ),
    .testTarget(
        name: "DemoTests",
        dependencies: [
            "DemoCLI", "App", "DemoBackend", "Composition", "AuthFeature", "PaymentsFeature", "Navigation",
            "Networking", "KeyedWrites", "ErrorReports", "Decoding", "SharedError", "TestSupport", argumentParser,
            logging, yams,
        ],
        path: "Tests/DemoTests"
    ),
    .plugin(
        name: "RemoveDemo",
        capability: .command(
            intent: .custom(
                verb: "remove-demo",
                description: "Take the demo out: delete its folders, its scripts and this section of Package.swift."),
            permissions: [.writeToPackageDirectory(reason: "It deletes the demo's folders and files.")]
        ),
        path: "Plugins/RemoveDemo"
    ),
]

// MARK: - Settings for every target

for target in package.targets where target.type != .plugin {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("ExistentialAny"),
        // A model codebase builds clean: a warning in the project's own code fails the build, here and in CI.
        .treatAllWarnings(as: .error),
    ])
    target.swiftSettings = settings
}
