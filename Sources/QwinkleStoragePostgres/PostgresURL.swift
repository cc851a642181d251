import Foundation
import PostgresNIO

/// Where a PostgreSQL database is, read from a URL as libpq reads one:
/// `postgres://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=MODE`.
///
/// The port defaults to 5432 and the database to the user's name. `sslmode` is `disable`, `prefer` (the default:
/// TLS when the server offers it), `require` (TLS or no connection, the certificate unchecked, as libpq does), or
/// `verify-full` (TLS with the certificate checked against the host). `schema=NAME` keeps Qwinkle's tables in a
/// schema of their own instead of `public`.
public struct PostgresURL: Sendable, CustomStringConvertible {
    /// How the connection is encrypted.
    public enum TLSMode: String, Sendable, CaseIterable {
        /// Never encrypted.
        case disable
        /// Encrypted when the server offers it.
        case prefer
        /// Encrypted or not at all; the certificate is not checked.
        case require
        /// Encrypted, with the server's certificate checked against the host name.
        case verifyFull = "verify-full"
    }

    /// Why a URL cannot be used, in one line.
    public struct Invalid: Error, CustomStringConvertible {
        /// What is wrong with it.
        public let description: String
    }

    /// The host name or address.
    public var host: String
    /// The TCP port.
    public var port: Int
    /// The user to log in as.
    public var username: String
    /// The password, if any.
    public var password: String?
    /// The database.
    public var database: String
    /// How the connection is encrypted.
    public var tls: TLSMode
    /// The schema of Qwinkle's tables.
    public var schema: String

    /// Reads a URL; throws `Invalid` naming what is wrong.
    public init(_ text: String) throws {
        guard let components = URLComponents(string: text), let scheme = components.scheme else {
            throw Invalid(description: "The database URL is not a URL; expected postgres://USER:PASSWORD@HOST:PORT/DATABASE.")
        }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw Invalid(description: "The database URL must start with postgres://, not \(scheme)://.")
        }
        guard let host = components.host, !host.isEmpty else {
            throw Invalid(description: "The database URL names no host; expected postgres://USER:PASSWORD@HOST:PORT/DATABASE.")
        }
        guard let username = components.user, !username.isEmpty else {
            throw Invalid(description: "The database URL names no user; expected postgres://USER:PASSWORD@HOST:PORT/DATABASE.")
        }
        self.host = host
        port = components.port ?? 5432
        self.username = username
        password = components.password
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? username : path
        tls = .prefer
        schema = "public"
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let value = item.value, let mode = TLSMode(rawValue: value) else {
                    let allowed = TLSMode.allCases.map(\.rawValue).joined(separator: ", ")
                    throw Invalid(description: "The database URL's sslmode must be one of \(allowed), not \(item.value ?? "nothing").")
                }
                tls = mode
            case "schema":
                guard let value = item.value, Self.isPlainName(value) else {
                    throw Invalid(description: "The database URL's schema must be letters, digits and underscores, not \(item.value ?? "nothing").")
                }
                schema = value
            default:
                throw Invalid(description: "The database URL has a parameter Qwinkle does not know: \(item.name) (known: sslmode, schema).")
            }
        }
    }

    /// Whether a name needs no quoting in SQL: a letter or underscore, then letters, digits and underscores.
    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || ("a"..."z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0) } && name.count <= 63
    }

    /// The URL with its password hidden, for messages and logs.
    public var description: String {
        "postgres://\(username)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)?sslmode=\(tls.rawValue)"
    }

    /// The client configuration the URL describes.
    public var clientConfiguration: PostgresClient.Configuration {
        var unverified = TLSConfiguration.makeClientConfiguration()
        unverified.certificateVerification = .none
        let mode: PostgresClient.Configuration.TLS = switch tls {
        case .disable: .disable
        case .prefer: .prefer(unverified)
        case .require: .require(unverified)
        case .verifyFull: .require(.makeClientConfiguration())
        }
        return PostgresClient.Configuration(host: host, port: port, username: username, password: password, database: database, tls: mode)
    }
}
