import Foundation

/// Answers read exactly as sent (lengths, several answers on one connection), to
/// requests typed byte for byte over a `RawConnection`: for what an HTTP client library
/// will not send (no Host, two Hosts, a broken request line).
enum RawHTTP {
    struct Response {
        let status: Int
        let headers: [(name: String, value: String)]
        let body: String

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        func headers(_ name: String) -> [String] {
            headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
        }
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends `request` and reads until the server closes the connection (send
    /// `Connection: close`) or `timeout` passes.
    static func exchange(_ request: String, port: Int, timeout: Duration = .seconds(10)) async throws -> String {
        let connection = try RawConnection(port: port)
        connection.send(request)
        let (text, closed) = await connection.readUntilClosed(timeout: Double(timeout.components.seconds))
        guard closed else { throw Malformed(description: "no end of connection within \(timeout)") }
        return text
    }

    /// Every response in `text`, each body exactly Content-Length bytes (bodies of
    /// `HEAD` answers are taken as empty when `heads` says so); bytes left over are an error.
    static func responses(_ text: String, heads: Set<Int> = []) throws -> [Response] {
        var rest = Substring(text)
        var responses: [Response] = []
        while !rest.isEmpty {
            guard let end = rest.range(of: "\r\n\r\n") else { throw Malformed(description: "no end of head in \(rest.debugDescription)") }
            let lines = rest[..<end.lowerBound].components(separatedBy: "\r\n")
            let statusParts = lines[0].split(separator: " ")
            guard statusParts.count >= 2, statusParts[0] == "HTTP/1.1", let status = Int(statusParts[1]) else {
                throw Malformed(description: "bad status line \(lines[0].debugDescription)")
            }
            let headers = lines.dropFirst().map { line -> (name: String, value: String) in
                let colon = line.firstIndex(of: ":")!
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            rest = rest[end.upperBound...]
            let length =
                heads.contains(responses.count)
                ? 0 : Int(headers.first { $0.name.lowercased() == "content-length" }?.value ?? "0")
            guard let length, length >= 0, rest.utf8.count >= length else {
                throw Malformed(description: "bad Content-Length in \(lines)")
            }
            let body = rest.utf8.prefix(length)
            responses.append(Response(status: status, headers: headers, body: String(decoding: body, as: UTF8.self)))
            rest = Substring(rest.utf8.dropFirst(length))
        }
        return responses
    }

    /// The one response to `request`.
    static func response(_ request: String, port: Int, head: Bool = false) async throws -> Response {
        let all = try responses(try await exchange(request, port: port), heads: head ? [0] : [])
        guard all.count == 1 else { throw Malformed(description: "\(all.count) responses") }
        return all[0]
    }
}
