import Logging
import PostgresNIO

extension PostgresURL {
    /// Why the database cannot be used, in one line naming the URL (without its password) and the reason.
    public struct Unreachable: Error, CustomStringConvertible {
        /// The line for the operator.
        public let description: String
    }

    /// Opens one connection and closes it, to learn at once (within `timeout`) whether the database can be used:
    /// the pool would try again and again in the background, leaving a server that never answers.
    public func checkConnection(timeout: Duration = .seconds(10), logger: Logger) async throws {
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    let connection = try await PostgresConnection.connect(configuration: try connectionConfiguration, id: 0, logger: logger)
                    try await connection.close()
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw Unreachable(description: "no answer within \(timeout)")
                }
                try await group.next()
                group.cancelAll()
            }
        } catch {
            throw Unreachable(description: "Cannot use the database at \(self): \(Self.reason(error)).")
        }
    }

    /// A single connection's configuration for the URL.
    private var connectionConfiguration: PostgresConnection.Configuration {
        get throws {
            var unverified = TLSConfiguration.makeClientConfiguration()
            unverified.certificateVerification = .none
            let mode: PostgresConnection.Configuration.TLS = switch tls {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: unverified))
            case .require: .require(try NIOSSLContext(configuration: unverified))
            case .verifyFull: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
            return PostgresConnection.Configuration(host: host, port: port, username: username, password: password, database: database, tls: mode)
        }
    }

    /// The server's own message when it sent one (a wrong password, an unknown database), else the error.
    private static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return "\(underlying)" }
            return "\(error.code)"
        }
        return "\(error)"
    }
}
