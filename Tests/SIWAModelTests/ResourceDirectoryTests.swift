import Testing
@testable import SIWAModel

@Suite struct ResourceDirectoryTests {
    @Test("Without /proc, a bare argv[0] is looked up in PATH as a shell does, and a path is taken as it is")
    func executablePathSearchesPath() {
        let installed: Set<String> = ["/usr/local/bin/siwa-buttons", "./siwa-buttons-full"]
        func find(_ argv0: String, _ path: String?) -> String {
            ResourceDirectory.executablePath(argv0: argv0, searchPath: path, isExecutable: installed.contains)
        }
        #expect(find("siwa-buttons", "/usr/bin:/usr/local/bin:/bin") == "/usr/local/bin/siwa-buttons")
        #expect(find("siwa-buttons-full", "/usr/bin::/bin") == "./siwa-buttons-full", "an empty PATH entry is the current folder")
        #expect(find("siwa-buttons", "/usr/bin") == "siwa-buttons", "not found: unchanged")
        #expect(find("siwa-buttons", nil) == "siwa-buttons")
        #expect(find("bin/siwa-buttons", "/usr/local") == "bin/siwa-buttons", "a path with a slash is not searched")
        #expect(find("/opt/x/bin/siwa-buttons", "/usr/local/bin") == "/opt/x/bin/siwa-buttons")
    }
}
