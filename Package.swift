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
    targets: [
        // The portable core: Foundation only, so an Apple-platform app can embed it.
        .target(name: "QwinkleKit", swiftSettings: swiftSettings),
        .testTarget(name: "QwinkleKitTests", dependencies: ["QwinkleKit"], swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
