import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP connection to the test server on loopback, for what an HTTP client
/// library will not send: HTTP/1.0, missing or doubled Host headers, a request head
/// dribbled a byte at a time, garbage; and for clients that misbehave: slow or stalled
/// readers, a reset.
final class RawConnection: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible { let description: String }

    private var fd: Int32

    /// - Parameter receiveBuffer: the socket's receive buffer in bytes (a slow reader's
    ///   is small), set before connecting so that the window is small from the start.
    init(port: Int, receiveBuffer: Int32? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure(description: "connect: \(errno)")
        }
    }

    deinit { if fd >= 0 { close(fd) } }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Everything the server sends until it closes the connection, or until `timeout`
    /// passes; `closed` tells which. Reads on a thread of its own: a blocked poll on the
    /// test's cooperative thread would starve the server's request tasks.
    func readUntilClosed(timeout: Double = 5) async -> (text: String, closed: Bool) {
        await offThread { self.blockingReadUntilClosed(timeout: timeout) }
    }

    /// Like `readUntilClosed`, but as a slow client reads: at most `chunk` bytes at a
    /// time, `pause` seconds apart.
    func readUntilClosed(timeout: Double, chunk: Int, pause: Double) async -> (text: String, closed: Bool) {
        await offThread { self.blockingReadUntilClosed(timeout: timeout, chunk: chunk, pause: pause) }
    }

    /// Reads one answer whose head and `content-length` body have arrived (keep-alive).
    func readAnswer(timeout: Double = 5) async -> String {
        await offThread { self.blockingReadAnswer(timeout: timeout) }
    }

    /// Reads a byte at a time up to the blank line, so nothing of the body is taken.
    func readHead(timeout: Double) async -> String {
        await offThread { self.blockingReadHead(timeout: timeout) }
    }

    /// Leaves with a reset (SO_LINGER 0), as a crashed or killed client does.
    func reset() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close(fd)  // with unread data and linger 0: a reset
        fd = -1
    }

    private func offThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        // A thread of its own: Dispatch's global queue is the Swift tasks' pool too (as wide
        // as the cores), so a few blocked polls there stall every server under test.
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    private func blockingReadUntilClosed(
        timeout: Double, chunk: Int = 65_536,
        pause: Double = 0
    ) -> (text: String, closed: Bool) {
        var data = [UInt8]()
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: chunk)
        while Date() < deadline {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let wait = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            guard poll(&pfd, 1, wait) > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return (String(decoding: data, as: UTF8.self), true) }
            data += buffer[0..<n]
            if pause > 0 { Thread.sleep(forTimeInterval: pause) }
        }
        return (String(decoding: data, as: UTF8.self), false)
    }

    private func blockingReadHead(timeout: Double) -> String {
        var head = [UInt8]()
        let deadline = Date().addingTimeInterval(timeout)
        var byte: UInt8 = 0
        while Date() < deadline, !head.reversed().starts(with: Array("\n\r\n\r".utf8)) {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 1000) >= 0 else { break }
            if pfd.revents == 0 { continue }
            guard recv(fd, &byte, 1, 0) == 1 else { break }
            head.append(byte)
        }
        return String(decoding: head, as: UTF8.self)
    }

    private func blockingReadAnswer(timeout: Double) -> String {
        var data = [UInt8]()
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline {
            let text = String(decoding: data, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let head = text[..<end.lowerBound].lowercased()
                let length =
                    head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text[..<end.upperBound].utf8.count >= length { return text }
            }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            data += buffer[0..<n]
        }
        return String(decoding: data, as: UTF8.self)
    }
}
