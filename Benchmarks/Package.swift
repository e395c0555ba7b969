// swift-tools-version: 6.2

import PackageDescription

// The benchmarks live in their own package so that `swift build` of ErrorFlow never builds them.
// Run: swift package --package-path Benchmarks benchmark

let benchmark: Target.Dependency = .product(name: "Benchmark", package: "benchmark")
let benchmarkPlugin: Target.PluginUsage = .plugin(name: "BenchmarkPlugin", package: "benchmark")

let package = Package(
    name: "ErrorFlowBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ErrorFlow", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // MARK: Bar 18: lenient decoding with full reports vs strict JSONDecoder
        .target(name: "CardPayloads", path: "Benchmarks/CardPayloads"),
        .executableTarget(
            name: "Decoding",
            dependencies: [
                benchmark, "CardPayloads", .product(name: "PaymentsFeature", package: "ErrorFlow"),
                .product(name: "Networking", package: "ErrorFlow"),
            ],
            path: "Benchmarks/Decoding",
            plugins: [benchmarkPlugin]
        ),
        // The same decoders without the harness, for `perf record` (BENCHMARKS.md, bar 18).
        .executableTarget(
            name: "DecodingProfile",
            dependencies: [
                "CardPayloads", .product(name: "PaymentsFeature", package: "ErrorFlow"),
                .product(name: "Networking", package: "ErrorFlow"),
            ],
            path: "Benchmarks/DecodingProfile"
        ),
        // MARK: Bar 19: the decorator chain vs the bare transport
        .executableTarget(
            name: "Chain",
            dependencies: [
                benchmark, .product(name: "Networking", package: "ErrorFlow"),
                .product(name: "SharedError", package: "ErrorFlow"),
            ],
            path: "Benchmarks/Chain",
            plugins: [benchmarkPlugin]
        ),
        // MARK: Bar 1 timed: 1,000 concurrent 401s
        .executableTarget(
            name: "RefreshStorm",
            dependencies: [benchmark, .product(name: "Networking", package: "ErrorFlow")],
            path: "Benchmarks/RefreshStorm",
            plugins: [benchmarkPlugin]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: - The demo (`remove-demo` deletes this section with Benchmarks/Tour)

// Bar 20: `errorflow tour` end to end
package.targets.append(
    .executableTarget(
        name: "Tour",
        dependencies: [benchmark],
        path: "Benchmarks/Tour",
        plugins: [benchmarkPlugin]
    ))

// MARK: - Settings for every target

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("ExistentialAny"),
    ])
    target.swiftSettings = settings
}
