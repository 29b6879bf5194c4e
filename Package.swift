// swift-tools-version:6.1
import Foundation
import PackageDescription

let package = Package(
    name: "siwa-buttons",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SIWAButtons", targets: ["SIWAButtons"]),
        // The model alone (parse, layout, schema), without the C libraries.
        .library(name: "SIWAModel", targets: ["SIWAModel"]),
        // The HTTP routes and render service, to mount in a Hummingbird app of your own.
        .library(name: "SIWAServer", targets: ["SIWAServer"]),
        // `render` of one button, fast to start; hands every other command line to siwa-buttons-full.
        .executable(name: "siwa-buttons", targets: ["siwa-buttons"]),
        .executable(name: "siwa-buttons-full", targets: ["siwa-buttons-full"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // `swift package generate-documentation` (the DocC catalogues of the three libraries).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // C libraries, found with pkg-config (Debian: libcairo2-dev, libpango1.0-dev, libpng-dev, libwebp-dev).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev", "libfontconfig-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),

        // The PNG writer in C: rows filtered and run-aware DEFLATE, libdeflate for the checksums
        // (Debian: libdeflate-dev).
        .target(name: "CPNGWriter", dependencies: ["CHuffman"], linkerSettings: [.linkedLibrary("deflate")]),
        // The lossless WebP (VP8L) writer in C: our own, run-aware like the PNG writer.
        .target(name: "CWebPWriter", dependencies: ["CHuffman"]),
        // Length-limited canonical Huffman codes and a bit writer: what DEFLATE and VP8L share.
        .target(name: "CHuffman"),

        // System calls Swift's Glibc module does not expose (renameat2, syncfs), closed standard streams,
        // and the older glibc/libstdc++ versions of three symbols for the release link (glibc_floor.c).
        .target(name: "CSIWASystem", linkerSettings: [.linkedLibrary("m"), .linkedLibrary("stdc++")]),
        // glibc's malloc_trim (malloc.h is not in Swift's Glibc module).
        .target(name: "CAllocator"),

        // The rendering core: request -> spec -> layout -> drawing -> encoding.
        // The model, pure Swift (no Cairo): request -> spec -> layout in points, locales and
        // titles (Locale/titles.json, compiled in), the schema. Builds and tests anywhere.
        .target(name: "SIWAModel", resources: [.embedInCode("Locale/titles.json")]),
        // Drawing and encoding: the layout drawn with Cairo/Pango, encoded as PNG/WebP/SVG/PDF.
        .target(name: "SIWAButtons", dependencies: ["SIWAModel", "CCairo", "CPango", "CPNGWriter", "CWebPWriter", "CAllocator"]),

        // Development only, in no product: the writers ours are measured and tested against
        // (libpng + zlib, libwebp) and libpng's reader, for the benchmarks and the tests.
        .target(
            name: "CComparisonWriters", dependencies: ["CPNG", "CWebP"], path: "Tools/CComparisonWriters",
            linkerSettings: [.linkedLibrary("z")]),
        .target(name: "ComparisonWriters", dependencies: ["SIWAButtons", "CComparisonWriters"], path: "Tools/ComparisonWriters"),

        // HTTP service over the core; the editor's snippet endpoint renders the generator's templates.
        // SIWAResources: the fonts, templates and editor beside any executable that uses it.
        .target(
            name: "SIWAServer",
            dependencies: [
                "SIWAButtons", "SIWAGenerator", "SIWALint", "SIWAResources",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                "CAllocator",
            ]),

        // Files written whole or not at all.
        .target(name: "SIWAFiles"),

        // Batch generator and web snippets over the core.
        .target(
            name: "SIWAGenerator",
            dependencies: [
                "SIWAButtons", "CSIWASystem", "SIWALint", "SIWAFiles",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),

        // What `render` does with its arguments, for both binaries below.
        .target(name: "SIWARenderJob", dependencies: ["SIWAButtons", "SIWAModel", "SIWALint", "SIWAFiles", "CSIWASystem"]),
        // The command line `siwa-buttons`: draws a plain `render` line itself, execs siwa-buttons-full
        // for the rest. Nothing here imports Foundation (FoundationEssentials only), so it starts fast.
        .executableTarget(name: "siwa-buttons", dependencies: ["SIWARenderJob", "SIWAButtons", "SIWAModel", "CSIWASystem"]),
        // The whole command line: render, serve, generate, lint, schema.
        .executableTarget(
            name: "siwa-buttons-full",
            dependencies: [
                "SIWAButtons", "SIWAServer", "SIWAGenerator", "CSIWASystem", "SIWALint", "SIWAFiles", "SIWARenderJob",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]),
        // Development only, in no product (never installed or released, as swift-format keeps
        // generate-swift-format): `swift run siwa-codegen [--check]` writes public/'s generated
        // JavaScript from the schema and the renderer.
        .executableTarget(
            name: "siwa-codegen",
            dependencies: ["SIWAButtons", "SIWAModel", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Tools/siwa-codegen"),

        // Fuzzing (scripts/fuzz.sh, docs/testing.md): the targets over the parsers that face users
        // and the network; libFuzzer's driver is linked in by the fuzz build only.
        .target(name: "CFuzzDriver", path: "Fuzz/CFuzzDriver"),
        .executableTarget(
            name: "siwa-fuzz", dependencies: ["SIWAButtons", "SIWAModel", "SIWAGenerator", "SIWAServer", "CFuzzDriver"],
            path: "Fuzz/SIWAFuzz"),

        // A Hummingbird app of its own that mounts the button routes under /buttons.
        .executableTarget(
            name: "HostApp",
            dependencies: [
                "SIWAButtons", "SIWAServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ], path: "Examples/HostApp"),

        // Helpers the test targets share: a PNG's size, temporary folders, a small tmpfs.
        .target(name: "SharedTestSupport", path: "Tests/SharedTestSupport"),
        // Parsing, layout in points and the schema: no C library needed.
        .testTarget(name: "SIWAModelTests", dependencies: ["SIWAModel"]),
        .testTarget(
            name: "SIWAButtonsTests",
            dependencies: ["SIWAButtons", "SIWAModel", "CCairo", "CWebP", "ComparisonWriters", "SharedTestSupport"],
            exclude: ["Golden"]),
        .testTarget(
            name: "SIWAServerTests",
            dependencies: [
                "SIWAServer", "SIWAGenerator", "SIWAButtons", "SIWALint", "HostApp", "siwa-buttons-full", "SharedTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        .testTarget(name: "SIWAGeneratorTests", dependencies: ["SIWAGenerator", "SIWAButtons", "SIWAFiles", "SharedTestSupport"]),
        .testTarget(name: "SIWAFilesTests", dependencies: ["SIWAFiles", "SharedTestSupport"]),
        // The command line as users run it: the built binary, copied, run, served.
        .testTarget(
            name: "CLITests",
            dependencies: [
                "SIWAButtons", "SIWAGenerator", "SIWARenderJob", "siwa-buttons", "siwa-buttons-full", "SharedTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // The generator's blocks and modules, and its --check on the repository.
        .testTarget(name: "SIWACodegenTests", dependencies: ["siwa-codegen", "SIWAModel"]),

        // Apple's button rules (HIG) checked on requests and on images of custom buttons.
        // librsvg behind two C functions, opened with dlopen on first use (not linked: it
        // would slow every start), so Swift never imports GLib's headers.
        .target(name: "CSVGRaster", dependencies: ["CCairo"], linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "SIWALint", dependencies: ["SIWAButtons", "CCairo", "CSVGRaster", "CWebP"]),
        .testTarget(name: "SIWALintTests", dependencies: ["SIWALint", "SIWAButtons", "CCairo"]),
    ]
)

// The server-side example of the snippets (Examples/), run by e2e/check-generated-html.sh.
package.targets.append(
    .executableTarget(
        name: "siwa-example-hummingbird",
        dependencies: [
            "SIWAServer",  // its static-file middleware
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Crypto", package: "swift-crypto"), .product(name: "_CryptoExtras", package: "swift-crypto"),
        ],
        path: "Examples/swift-hummingbird"))

// Benchmarks build only when asked for (SIWA_BENCHMARKS=1, as Benchmarks/run.sh sets it),
// as Hummingbird keeps its own out of a user's build: a package that depends on this one,
// or `swift build` of the library, never compiles them. Each target's sources sit in its
// benchmark's folder, beside the runner and thresholds, which the target excludes.
if Context.environment["SIWA_BENCHMARKS"] == "1" {
    package.targets += [
        // Renderer benchmark: bash Benchmarks/run.sh render (and peers, through --stdin)
        .executableTarget(
            name: "RenderBenchmark", dependencies: ["SIWAButtons", "CCairo", "ComparisonWriters"], path: "Benchmarks/render",
            exclude: ["run.sh"]),
        // The renderer under concurrency: deadlocks and wrong bytes (bash Benchmarks/run.sh stress)
        .executableTarget(name: "RenderStress", dependencies: ["SIWAButtons"], path: "Benchmarks/stress", exclude: ["run.sh"]),
        // PNG against WebP (bytes, encode time) on a generated set: bash Benchmarks/run.sh encode
        .executableTarget(
            name: "EncodeBenchmark", dependencies: ["SIWAButtons", "ComparisonWriters"], path: "Benchmarks/encode", exclude: ["run.py"]),
        // The bare-route reference of the server benchmark: bash Benchmarks/run.sh server
        .executableTarget(
            name: "BareRoute",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/server", exclude: ["run.sh", "thresholds.json"]),
    ]
}

// The upcoming-language feature Hummingbird enables that applies here, on every target
// of ours but the tests: `any` spelled out for existentials. (Its MemberImportVisibility
// fails the static-stdlib release build on Linux: `stat`'s fields are attributed to
// CDispatch there, whatever the file imports; InternalImportsByDefault would mark every
// import of a library module `public import`.)
for target in package.targets where target.type != .system && target.type != .test {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}

// Fonts/, Templates/ and public/ as SwiftPM resources, so that an executable of another
// package that depends on SIWAServer finds them in the bundle SwiftPM copies beside it
// (ResourceDirectory), with no setup. The folders stay at the package root, where the
// scripts, install.sh and the docs use them: the target's path is the root, with every
// other entry there excluded (SwiftPM copies a symbolic link as a link, so no link would do).
let resourceFolders = ["Fonts", "Templates", "public"]
let rootEntries = (try? FileManager.default.contentsOfDirectory(atPath: Context.packageDirectory)) ?? []
let sourceFolders = (try? FileManager.default.contentsOfDirectory(atPath: Context.packageDirectory + "/Sources")) ?? []
package.targets.append(
    .target(
        name: "SIWAResources", path: ".",
        exclude: rootEntries.filter { !resourceFolders.contains($0) && $0 != "Sources" && !$0.hasPrefix(".") }
            + sourceFolders.filter { $0 != "SIWAResources" }.map { "Sources/" + $0 },
        sources: ["Sources/SIWAResources"],
        resources: resourceFolders.map { .copy($0) }))

// The fuzz build (scripts/fuzz.sh, with SIWA_FUZZ_DRIVER naming libFuzzer's driver without
// its main, since siwa-fuzz has one): the package's own Swift instrumented for libFuzzer's
// coverage and AddressSanitizer, the dependencies left as they are, so that the build
// reuses their objects from the usual build folder.
if let driver = Context.environment["SIWA_FUZZ_DRIVER"] {
    let ours: Set = ["SIWAModel", "SIWAButtons", "SIWALint", "SIWAFiles", "SIWAGenerator", "SIWAServer", "siwa-fuzz"]
    let instrumented = ["-sanitize=address", "-sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table"]
    for target in package.targets where ours.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(instrumented)]
    }
    package.targets.first { $0.name == "siwa-fuzz" }?.linkerSettings = [
        .unsafeFlags(["-sanitize=address", "-use-ld=lld", "-Xlinker", driver, "-Xlinker", "--undefined=LLVMFuzzerRunDriver", "-lstdc++"])
    ]
}
