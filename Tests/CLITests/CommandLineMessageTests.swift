import Foundation
import SIWAButtons
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The mistakes a newcomer makes first, each answered in one line that says what to do:
/// a mistyped command, the usual ways to ask for the version, a port another program has.
@Suite struct CommandLineMessageTests {
    @Test(
        "A mistyped command is refused with the nearest command",
        arguments: [("rendr", "render"), ("serv", "serve"), ("generat", "generate"), ("lnt", "lint"), ("Schema", "schema")])
    func mistypedCommand(typed: String, meant: String) throws {
        let result = try Executable.siwa([typed, "--help"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderrLines.first == "Error: Unknown command '\(typed)'. Did you mean '\(meant)'?", "\(result.stderr)")
        #expect(result.output.isEmpty)
    }

    @Test("A word far from every command is refused with the list of commands")
    func unknownCommand() throws {
        let result = try Executable.siwa(["banana"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(
            result.stderrLines.first == "Error: Unknown command 'banana'. The commands: render, serve, generate, lint, schema.",
            "\(result.stderr)")
    }

    @Test("-v and version print the version as --version does", arguments: [["-v"], ["version"], ["--version"]])
    func versionSpellings(arguments: [String]) throws {
        let result = try Executable.siwa(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output == PackageVersion.current + "\n")
        #expect(result.stderr.isEmpty)
    }

    @Test("A port in use is one line naming it and --port, without the configuration")
    func portInUse() throws {
        let listener = try Listener()
        defer { listener.close() }
        let result = try Executable.siwa(["serve", "--host", "127.0.0.1", "--port", "\(listener.port)"], timeout: 60)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderrLines
                == [
                    "Error: port \(listener.port) is in use: another program listens on 127.0.0.1:\(listener.port); choose another with --port."
                ],
            "\(result.stderr)")
        #expect(result.output.isEmpty, "nothing logged before the listener is bound: \(result.output)")
    }

    @Test("codegen, a development tool (swift run siwa-codegen), is no command of the installed binary")
    func noCodegen() throws {
        let result = try Executable.siwa(["codegen", "--check"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderrLines.first?.hasPrefix("Error: Unknown command 'codegen'.") == true, "\(result.stderr)")
    }
}

/// A TCP socket listening on a free port of 127.0.0.1: another program holding it.
private struct Listener {
    let descriptor: Int32
    let port: Int

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(fd, address, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, address, &length) == 0
            }
        }
        guard fd >= 0, bound else { throw POSIXError(.EADDRNOTAVAIL) }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { _ = Glibc.close(descriptor) }
}
