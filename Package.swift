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
        .executable(name: "qwinkle", targets: ["qwinkle"]),
        .library(name: "QwinkleKit", targets: ["QwinkleKit"]),
        .library(name: "QwinkleClient", targets: ["QwinkleClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
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
        // The one JSON writer of both APIs' bodies, which writes as a value's encode(to:) walks it.
        .target(name: "QwinkleJSONWriter", swiftSettings: swiftSettings),
        // The storage protocol the server talks to; no database types in it.
        .target(name: "QwinkleStorage", dependencies: ["QwinkleKit"], swiftSettings: swiftSettings),
        // Each storage operation written once, as SQL rendered for either database, over a connection each backend
        // adapts; only how a read and a transaction run differ per backend.
        .target(name: "QwinkleStorageSQL", dependencies: ["QwinkleKit", "QwinkleStorage"], swiftSettings: swiftSettings),
        // The default storage: one SQLite file through GRDB.
        .target(
            name: "QwinkleStorageSQLite",
            // Crypto and NIOPosix for `PhotoFiles`, the photo bytes of one server, in its data folder.
            dependencies: [
                "QwinkleStorage", "QwinkleStorageSQL", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // Backups of a running server's data folder (its SQLite database and photos) as one tar archive, and restores.
        .target(
            name: "QwinkleBackup",
            dependencies: ["QwinkleStorage", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        // An account's archive (docs/archive-format.md): its manifest and files, a ZIP written as a stream, and a ZIP
        // read with its paths and sizes checked. ZIPFoundation gives deflate and reading; zlib comes from the system.
        .target(
            name: "QwinkleArchive",
            dependencies: ["QwinkleKit", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            swiftSettings: swiftSettings
        ),
        // The storage for scale-out: PostgreSQL through PostgresNIO's pooled client, for any number of servers.
        .target(
            name: "QwinkleStoragePostgres",
            dependencies: [
                "QwinkleStorage", "QwinkleStorageSQL",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // Every rule once: accounts, entries and edits, timelines, follows, photos, messages, and the one Policy that
        // decides who may read and change what. No HTTP and no OpenAPI here: the front doors map to and from these.
        .target(
            name: "QwinkleServices",
            dependencies: [
                "QwinkleKit", "QwinkleStorage", "QwinkleMedia", "QwinkleArchive",
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // The contract's types, generated once from openapi.yaml, and the one mapping between them and QwinkleKit's
        // models; the server and the client each generate only their half (handler stubs, a client) over these.
        .target(
            name: "QwinkleAPITypes",
            dependencies: ["QwinkleKit", .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            resources: [.copy("openapi.yaml")],
            swiftSettings: swiftSettings,
            plugins: ["APITypesGenerator"]
        ),
        // swift-openapi-generator for the shared types, with its split files' imports made plain: on Swift 6.3 their
        // `package import`s warn in every file that does not use them (the generator silences that from 6.4 on).
        .plugin(
            name: "APITypesGenerator",
            capability: .buildTool(),
            dependencies: ["APITypesGeneratorTool", .product(name: "swift-openapi-generator", package: "swift-openapi-generator")]
        ),
        .executableTarget(name: "APITypesGeneratorTool", swiftSettings: swiftSettings),
        // The server: Hummingbird serving the API over a Storage. Its openapi.yaml is a link to the contract in
        // QwinkleAPITypes (which ships the document); the handler stubs are generated from it at build time, so no
        // route can drift from it.
        .target(
            name: "QwinkleServer",
            dependencies: [
                "QwinkleKit", "QwinkleStorage", "QwinkleMedia", "QwinkleServices", "QwinkleAPITypes", "QwinkleArchive", "QwinkleMastodon",
                "QwinkleFederation", "QwinkleJSONWriter",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                // The request parts a connection's own handler sees (`SlowClientHandler`), as Hummingbird's do.
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                // The parse errors of a request that is not HTTP (`UnparsableRequestHandler`).
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Web/Templates"), .copy("Web/Static")],
            swiftSettings: swiftSettings,
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // The Mastodon client API, a third front door over the same services: Mastodon's paths and entities, mapped
        // once from QwinkleKit's values.
        .target(
            name: "QwinkleMastodon",
            dependencies: [
                "QwinkleKit", "QwinkleMedia", "QwinkleServices", "QwinkleStorage", "QwinkleAPITypes", "QwinkleJSONWriter",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // ActivityPub: how other servers find and read the server's people (WebFinger, NodeInfo, actors and notes by
        // content negotiation) and the HTTP signatures they sign with. A front door over the same services.
        .target(
            name: "QwinkleFederation",
            dependencies: [
                "QwinkleKit", "QwinkleServices", "QwinkleStorage", "QwinkleAPITypes",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // A client of the API for any Swift app: the generated client over AsyncHTTPClient, downloads that pause
        // and resume, an offline cache and an outbox. Its openapi.yaml is a link to the contract too, so both halves
        // are generated from one document.
        .target(
            name: "QwinkleClient",
            dependencies: [
                "QwinkleKit", "QwinkleAPITypes",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            swiftSettings: swiftSettings,
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // Terminfo through Debian's ncursesw (its tinfo library) and the terminal's restoring from signal handlers:
        // the two things Swift cannot do itself (call variadic `tiparm`, run async-signal-safe code only).
        .target(
            name: "CTerminal",
            linkerSettings: [
                .linkedLibrary("tinfo", .when(platforms: [.linux])),
                .linkedLibrary("ncurses", .when(platforms: [.macOS])),
            ]
        ),
        // A small UI framework for full-screen terminal apps, built the way the talks build an iOS app: composite
        // views, view controllers, the responder chain, target–action, a table view with a data source and a
        // delegate updated from a `ListDiff`, and a renderer that writes only the cells that changed.
        .target(name: "QwinkleTerminalUI", dependencies: ["QwinkleKit", "CTerminal"], swiftSettings: swiftSettings),
        // The `qwinkle` command's client subcommands (and `qwinkle app`), as a library so tests can drive them; it
        // links nothing of the server.
        .target(
            name: "QwinkleCLI",
            dependencies: [
                "QwinkleClient", "QwinkleKit", "QwinkleMedia", "QwinkleTerminalUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The commands that run a server (`serve`, `admin`, `backup`, `restore-backup`) and the `qwinkle` command
        // that lists them beside the client's.
        .target(
            name: "QwinkleServerCommands",
            dependencies: [
                "QwinkleCLI", "QwinkleServer", "QwinkleServices", "QwinkleStorage", "QwinkleStorageSQLite", "QwinkleStorageSQL",
                "QwinkleStoragePostgres", "QwinkleKit", "QwinkleBackup", "QwinkleFederation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "qwinkle",
            dependencies: ["QwinkleServerCommands"],
            swiftSettings: swiftSettings
        ),
        // Benchmarks that print figures: `swift run -c release qwinkle-bench` (QwinkleKit in process), and
        // `qwinkle-bench seed` / `server`, which seed a data folder through the storage's bulk path and load a
        // `qwinkle serve` process with its own HTTP client.
        .executableTarget(
            name: "qwinkle-bench",
            dependencies: [
                "QwinkleKit", "QwinkleMedia", "QwinkleStorage", "QwinkleStorageSQLite", "QwinkleStorageSQL", "QwinkleStoragePostgres", "QwinkleServices",
                "QwinkleTerminalUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Sources/QwinkleBenchmarks",
            swiftSettings: swiftSettings
        ),

        .testTarget(
            name: "QwinkleKitTests",
            dependencies: ["QwinkleKit", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "QwinkleTerminalUITests", dependencies: ["QwinkleTerminalUI", "QwinkleKit"], swiftSettings: swiftSettings
        ),
        .testTarget(name: "QwinkleAPITypesTests", dependencies: ["QwinkleAPITypes", "QwinkleKit"], swiftSettings: swiftSettings),
        .testTarget(name: "QwinkleMediaTests", dependencies: ["QwinkleMedia", "QwinkleTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "QwinkleArchiveTests",
            dependencies: [
                "QwinkleArchive", "QwinkleKit", "QwinkleTestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "QwinkleStorageTests",
            // GRDB to open a closed SQLite file and look at what the storage left in it; the services' Policy, which
            // the storage's SQL form of the audience is checked against.
            dependencies: [
                "QwinkleServices", "QwinkleStorage", "QwinkleStorageSQLite", "QwinkleStorageSQL", "QwinkleStoragePostgres", "QwinkleTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            // Databases kept as an earlier build wrote them, read by path (OldDatabaseTests).
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "QwinkleServicesTests",
            dependencies: [
                "QwinkleServices", "QwinkleStorage", "QwinkleStorageSQLite", "QwinkleStorageSQL", "QwinkleStoragePostgres", "QwinkleKit",
                "QwinkleTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // What the server, client and CLI tests share: a real server started in-process, the built `qwinkle` run as
        // a process, time limits that name what was awaited, and plain HTTP and JSON.
        .target(
            name: "QwinkleTestSupport",
            dependencies: [
                "QwinkleServer", "QwinkleServices", "QwinkleStorage", "QwinkleStorageSQLite", "QwinkleStorageSQL", "QwinkleStoragePostgres", "QwinkleArchive",
                "QwinkleFederation",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/QwinkleTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "QwinkleClientTests",
            dependencies: [
                "QwinkleClient", "QwinkleCLI", "QwinkleServerCommands", "QwinkleKit", "QwinkleMedia", "QwinkleTestSupport", "QwinkleTerminalUI", "QwinkleBackup",
                "QwinkleStorageSQLite", "QwinkleStorageSQL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "QwinkleServerTests",
            dependencies: [
                "QwinkleServer", "QwinkleServices", "QwinkleStorage", "QwinkleStorageSQLite", "QwinkleStorageSQL", "QwinkleStoragePostgres", "QwinkleCLI", "QwinkleServerCommands",
                "QwinkleKit", "QwinkleMedia", "QwinkleTestSupport", "QwinkleArchive", "QwinkleFederation", "QwinkleJSONWriter",
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // The archive's ZIP is read back by another implementation than the one that wrote it.
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                // Streams are read as they arrive, which the HummingbirdTesting clients cannot do.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                // Mastodon's streaming WebSocket, spoken to by a real WebSocket client.
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
