import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection written byte by byte, for requests that must stop half way: a head and part of a body, then
/// the rest later. Reads poll with a short timeout so that a waiting test never blocks a thread for long.
final class RawConnection: @unchecked Sendable {
    private let descriptor: Int32
    /// The port this end of the connection got, as the server sees it.
    let localPort: Int
    /// The server's port.
    let serverPort: Int

    /// Connects to `port` on 127.0.0.1.
    init(port: Int) throws {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        self.descriptor = descriptor
        var timeout = timeval(tv_sec: 0, tv_usec: 50_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let connected = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        localPort = Int(UInt16(bigEndian: address.sin_port))
        serverPort = port
        try #require(descriptor >= 0 && connected, "connecting to 127.0.0.1:\(port)")
    }

    deinit {
        close(descriptor)
    }

    /// Sends `bytes` whole.
    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
            try #require(written > 0, "writing to the server")
            offset += written
        }
    }

    /// Sends `bytes` if the connection is still open; `false` once the server has closed it. Never raises SIGPIPE.
    func sendIfOpen(_ bytes: [UInt8]) -> Bool {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        return bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, flags) } == bytes.count
    }

    /// Waits until the server has taken every byte sent so far off its socket: Linux's `/proc/net/tcp` shows the
    /// server's end of this connection with an empty receive queue.
    func untilServerHasRead() async throws {
        while true {
            let table = try Self.wholeFile("/proc/net/tcp")
            let serverEnd = String(format: ":%04X", serverPort)
            let clientEnd = String(format: ":%04X", localPort)
            for line in table.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 4, fields[1].hasSuffix(serverEnd), fields[2].hasSuffix(clientEnd) else { continue }
                if fields[4].split(separator: ":").last.flatMap({ Int($0, radix: 16) }) == 0 { return }
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// A file read to its end. `String(contentsOfFile:)` stops at the first page of a /proc file, whose size reads
    /// as 0, so a busy machine's socket table would lose every line past the first 4 KiB.
    private static func wholeFile(_ path: String) throws -> String {
        let file = open(path, O_RDONLY)
        try #require(file >= 0, "opening \(path)")
        defer { close(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            try #require(count >= 0, "reading \(path)")
            if count == 0 { return String(decoding: bytes, as: UTF8.self) }
            bytes += chunk[..<count]
        }
    }

    /// Whether the server has closed the connection (without waiting: a connection with nothing to read is open).
    var isClosedByServer: Bool {
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK)) == 0
    }

    /// Reads until the server closes the connection, and returns everything it sent.
    func readToEnd() async throws -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            // Never waits inside recv: a test's thread belongs to the shared pool, and a blocked one starves others.
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count == 0 { return String(decoding: received, as: UTF8.self) }
            if count > 0 {
                received += buffer[..<count]
            } else {
                try #require(errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR, "reading from the server: errno \(errno)")
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }
}
