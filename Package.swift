// swift-tools-version: 6.2
import PackageDescription

/// Settings every target shares, so the whole package is held to one standard:
/// Swift 6 strict concurrency (the language mode's default), explicit `any`, and no warnings.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "Qwinkle",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "QwinkleKit", targets: ["QwinkleKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // The portable core: Foundation and swift-collections only, so an Apple-platform app can embed it.
        .target(
            name: "QwinkleKit",
            dependencies: [.product(name: "HashTreeCollections", package: "swift-collections")],
            swiftSettings: swiftSettings
        ),
        // Photo bytes: the image type decided from the bytes, and metadata (EXIF, GPS, XMP, comments) stripped.
        .target(name: "QwinkleMedia", swiftSettings: swiftSettings),
        // Benchmarks that print figures: `swift run -c release qwinkle-bench`.
        .executableTarget(name: "qwinkle-bench", dependencies: ["QwinkleKit"], path: "Sources/QwinkleBenchmarks", swiftSettings: swiftSettings),

        .testTarget(
            name: "QwinkleKitTests",
            dependencies: ["QwinkleKit", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "QwinkleMediaTests", dependencies: ["QwinkleMedia"], swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
