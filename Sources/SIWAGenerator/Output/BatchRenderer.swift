import Foundation
import Synchronization
import SIWAButtons
import SIWALint

/// Renders, checksums and writes many images on all cores. `ButtonRenderer.render`
/// is synchronous and thread-safe, so plain threads pulling the next job from a
/// shared counter keep every core busy whatever the mix of cheap and costly files.
package struct BatchRenderer: Sendable {
    package let renderer: ButtonRenderer
    /// Worker threads; defaults to the number of active cores.
    package let workers: Int

    package init(renderer: ButtonRenderer, workers: Int? = nil) {
        self.renderer = renderer
        self.workers = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
    }

    /// Writes every asset under `folder` and returns their manifest entries, in the
    /// order of `assets`. Stops at the first failure and throws it. `checkpoint` is
    /// called before each file: throwing stops the run (SIGINT, a test's failure).
    /// `written` is called with each file's path and bytes once it is written, on the
    /// thread that wrote it (in the order of `assets` with one worker); what it throws
    /// stops the run as it is.
    package func run(
        _ assets: [Asset], into folder: URL, progress: (any ProgressReporter)? = nil,
        checkpoint: @Sendable () throws -> Void = {}, written: @Sendable (String, [UInt8]) throws -> Void = { _, _ in }
    ) throws -> [Manifest.Entry] {
        // Folders first, on one thread: concurrent mkdir -p of shared parents races.
        for dir in Set(assets.map { ($0.path as NSString).deletingLastPathComponent }).sorted() where !dir.isEmpty {
            do {
                try FileManager.default.createDirectory(at: folder.appendingPathComponent(dir), withIntermediateDirectories: true)
            } catch {
                throw RenderFailure(path: dir, underlying: error)
            }
        }
        let linter = RequestLinter(renderer: renderer)
        let state = SharedState(count: assets.count)
        progress?.start(total: assets.count)
        DispatchQueue.concurrentPerform(iterations: min(workers, max(assets.count, 1))) { _ in
            while let index = state.next() {
                let asset = assets[index]
                do {
                    try checkpoint()
                } catch {
                    state.fail(error)
                    break
                }
                let bytes: [UInt8]
                do {
                    bytes = try renderer.render(asset.spec, format: asset.format, scale: asset.scale)
                    let entry = Manifest.Entry(
                        asset: asset, bytes: bytes, title: renderer.titles.accessibleTitle(for: asset.spec),
                        findings: linter.findings(asset.spec))
                    try Data(bytes).write(to: folder.appendingPathComponent(asset.path))
                    let done = state.finish(index, entry)
                    progress?.update(done: done)
                } catch {
                    state.fail(RenderFailure(path: asset.path, underlying: error))
                    break
                }
                do {
                    try written(asset.path, bytes)
                } catch {
                    state.fail(error)
                    break
                }
            }
        }
        progress?.finish()
        if let failure = state.failure { throw failure }
        return state.entries.map { $0! }
    }

    /// A file of the set that could not be written, named by its path in the set.
    package struct RenderFailure: Error, CustomStringConvertible {
        package var path: String
        package var underlying: any Error
        package var description: String { "\(path): \(underlying)" }
    }

    /// The job counter and results, behind one lock.
    private final class SharedState: Sendable {
        private struct Jobs {
            var cursor = 0
            var done = 0
            var entries: [Manifest.Entry?]
            var failure: (any Error)?
        }
        private let jobs: Mutex<Jobs>

        init(count: Int) { jobs = Mutex(Jobs(entries: Array(repeating: nil, count: count))) }

        var entries: [Manifest.Entry?] { jobs.withLock { $0.entries } }
        var failure: (any Error)? { jobs.withLock { $0.failure } }

        func next() -> Int? {
            jobs.withLock { jobs in
                guard jobs.failure == nil, jobs.cursor < jobs.entries.count else { return nil }
                defer { jobs.cursor += 1 }
                return jobs.cursor
            }
        }

        func finish(_ index: Int, _ entry: Manifest.Entry) -> Int {
            jobs.withLock { jobs in
                jobs.entries[index] = entry
                jobs.done += 1
                return jobs.done
            }
        }

        func fail(_ error: any Error) {
            jobs.withLock { jobs in if jobs.failure == nil { jobs.failure = error } }
        }
    }
}
