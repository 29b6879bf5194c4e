// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "siwa-buttons",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "SIWAButtons", targets: ["SIWAButtons"]),
        .executable(name: "siwa-buttons", targets: ["siwa-buttons"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // C libraries, found with pkg-config (Debian: libcairo2-dev, libpango1.0-dev, libpng-dev).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev", "libfontconfig-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),

        // libpng's writer with its longjmp error handling, in C.
        .target(name: "CPNGWriter", dependencies: ["CPNG"]),

        // The rendering core: request -> spec -> layout -> drawing -> encoding.
        .target(name: "SIWAButtons", dependencies: ["CCairo", "CPango", "CPNGWriter"]),

        // The command line.
        .executableTarget(name: "siwa-buttons", dependencies: [
            "SIWAButtons",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Renderer benchmark: bash scripts/bench-render.sh
        .executableTarget(name: "RenderBenchmark", dependencies: ["SIWAButtons"], path: "Benchmarks/RenderBenchmark"),

        .testTarget(name: "SIWAButtonsTests", dependencies: ["SIWAButtons", "CCairo"], exclude: ["Golden"]),
    ]
)
