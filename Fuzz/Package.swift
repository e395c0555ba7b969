// swift-tools-version: 6.2

import PackageDescription

// Coverage-guided fuzzing with libFuzzer, in a package of its own so that `swift build` of ErrorFlow never builds
// it. It reaches the parsers the app uses (some internal, hence `@testable` and `-enable-testing`).
// Run: Scripts/fuzz.sh [seconds per target]   (builds with -sanitize=fuzzer,address and runs every target)

let package = Package(
    name: "ErrorFlowFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "ErrorFlow", path: "..")],
    targets: [
        // The declaration of libFuzzer's driver, so the fuzz program keeps its own `main`.
        .target(name: "LibFuzzerDriver"),
        .executableTarget(
            name: "ErrorFlowFuzz",
            dependencies: [
                "LibFuzzerDriver",
                .product(name: "Networking", package: "ErrorFlow"),
                .product(name: "Decoding", package: "ErrorFlow"),
                .product(name: "Redaction", package: "ErrorFlow"),
                .product(name: "SharedError", package: "ErrorFlow"),
                .product(name: "PaymentsFeature", package: "ErrorFlow"),
                .product(name: "AuthFeature", package: "ErrorFlow"),
                .product(name: "TransfersFeature", package: "ErrorFlow"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("ExistentialAny"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
