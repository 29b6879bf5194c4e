// The renderer under concurrency, in-process: `--threads` threads render distinct random
// buttons (all endpoints, formats, locales, sizes and scales) through one ButtonRenderer,
// as the service's render threads do, until `--renders` renders are done. A watchdog
// ends the run with status 2 when no render completes for `--stall-seconds` (a
// deadlock); afterwards every `--verify-every`th request is rendered again alone, and a
// result that differs from its concurrent bytes, or a render that threw, fails the run
// (status 1). Run: bash Benchmarks/run.sh stress [RENDERS_PER_RUN]
import Foundation
import SIWAButtons

struct Options {
    var threads = 8
    var renders = 20_000
    var stallSeconds = 20.0
    var verifyEvery = 10
    var seed: UInt64 = 1

    init(_ arguments: [String]) {
        var it = arguments.dropFirst().makeIterator()
        while let name = it.next() {
            guard let value = it.next() else { fatalError("\(name) needs a value") }
            switch name {
            case "--threads": threads = Int(value)!
            case "--renders": renders = Int(value)!
            case "--stall-seconds": stallSeconds = Double(value)!
            case "--verify-every": verifyEvery = Int(value)!
            case "--seed": seed = UInt64(value)!
            default: fatalError("unknown option \(name)")
            }
        }
    }
}

/// SplitMix64: the same requests for the same seed, on any machine.
struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
}

/// A random request in Apple's grammar: distinct sizes make new text sizes, which is
/// what fills Cairo's glyph caches and retires text engines.
func request(_ random: inout Random) -> String {
    let locales = ["en_US", "de_DE", "ja_JP", "zh_CN", "zh_TW", "ko_KR", "ar_SA", "iw_IL", "th_TH", "ru_RU", "el_GR"]
    let formats = ["png", "png", "webp", "svg", "pdf", "vectordrawable"]
    let locale = random.pick(locales), format = random.pick(formats), scale = random.int(1...6)
    switch random.int(0...5) {
    case 0:
        return "/appleid/button/logo?size=\(random.int(30...64))&scale=\(scale)&format=\(format)"
            + "&color=\(random.pick(["black", "white"]))&border=\(random.pick(["true", "false"]))"
    case 1, 2:
        return "/appleid/button/left?width=\(random.int(200...375))&height=\(random.int(30...64))&scale=\(scale)"
            + "&locale=\(locale)&format=\(format)&type=\(random.pick(["sign-in", "continue", "sign-up"]))"
    default:
        return "/appleid/button?width=\(random.int(130...375))&height=\(random.int(30...64))&scale=\(scale)"
            + "&locale=\(locale)&format=\(format)&type=\(random.pick(["sign-in", "continue", "sign-up"]))"
    }
}

/// FNV-1a: enough to tell two renders apart, without a crypto dependency.
func digest(_ bytes: [UInt8]) -> UInt64 {
    bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
}

let options = Options(CommandLine.arguments)
let renderer = try ButtonRenderer.shared()
let done = NSLock()
nonisolated(unsafe) var completed = 0, failures: [String] = [], samples: [(String, UInt64)] = []

let start = Date()
// The watchdog: a deadlock never returns, so the run must end from outside the workers.
Thread.detachNewThread {
    var last = -1, lastChange = Date()
    while true {
        Thread.sleep(forTimeInterval: 1)
        let now = done.withLock { completed }
        if now != last { last = now; lastChange = Date() }
        if Date().timeIntervalSince(lastChange) > options.stallSeconds {
            FileHandle.standardOutput.write(
                Data(
                    ("STALL: no render completed for \(Int(options.stallSeconds)) s "
                        + "after \(now) renders (\(options.threads) threads)\n").utf8))
            exit(2)
        }
    }
}

DispatchQueue.concurrentPerform(iterations: options.threads) { worker in
    var random = Random(state: options.seed &* 1_000_003 &+ UInt64(worker))
    var index = 0
    while true {
        let claimed = done.withLock { () -> Bool in
            guard completed + failures.count < options.renders else { return false }
            return true
        }
        guard claimed else { return }
        let target = request(&random)
        index += 1
        do {
            let parsed = try ButtonRequest.parse(target)
            let bytes = try renderer.render(parsed.spec, format: parsed.format ?? .png, scale: Double(parsed.scale))
            done.withLock {
                completed += 1
                if index % options.verifyEvery == 0 { samples.append((target, digest(bytes))) }
            }
        } catch {
            done.withLock { failures.append("\(target): \(error)") }
        }
    }
}
let seconds = Date().timeIntervalSince(start)
let concurrent = done.withLock { completed }
print(
    "\(concurrent) renders on \(options.threads) threads in \(String(format: "%.1f", seconds)) s "
        + "(\(String(format: "%.0f", Double(concurrent) / seconds))/s), \(renderer.retiredTextEngines) text engines retired, "
        + "\(failures.count) failed")
for failure in failures.prefix(10) { print("  failed: \(failure)") }

// Each sampled request alone, on this thread, must give the bytes it gave under load.
var differing: [String] = []
for (target, hash) in samples {
    let parsed = try ButtonRequest.parse(target)
    if digest(try renderer.render(parsed.spec, format: parsed.format ?? .png, scale: Double(parsed.scale))) != hash {
        differing.append(target)
    }
    done.withLock { completed += 1 }  // progress, for the watchdog
}
print("\(samples.count) requests compared with their render alone: \(differing.count) differ")
for target in differing.prefix(10) { print("  differs: \(target)") }
exit(failures.isEmpty && differing.isEmpty ? 0 : 1)
