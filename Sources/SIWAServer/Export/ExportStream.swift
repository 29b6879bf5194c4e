import Foundation
import Hummingbird
import Synchronization
import NIOCore
import SIWAGenerator

/// One export, made on a render thread and sent while it is made.
///
/// The producer (`make`) runs the generator into a temporary folder and adds each file
/// to the archive as soon as it is written (`SetArchive`), into a file it opens at once
/// for reading; after each entry it publishes how many bytes of the archive are final.
/// The answer starts with the first entry, so its first byte comes after the set is
/// planned and one file made, not after the whole set, and sends the final bytes in
/// 256 KiB pieces as they come (`send`): the memory an export holds does not grow with
/// the archive. A write that fails (the client left, or the connection's write timeout
/// closed it) stops the producer at its next file: the folder is removed, and the
/// archive (already unlinked with it) and the download's place are freed once both
/// sides have let go. An archive that passes the byte limit after the answer started
/// stops it there: the client gets an incomplete answer (no last chunk), never a
/// complete-looking archive.
///
/// Two places are held: a making slot (CPU: a render thread) while the set is generated
/// and archived, given back as soon as the producer ends, and a download place (disk:
/// the unlinked archive) until the answer is sent or dropped. A client that stops
/// reading thus holds only its download place, not the making of other exports.
final class ExportStream: Sendable {
    /// What the producer has reached.
    struct Progress {
        /// Bytes of the archive that are final: once there are any, the answer starts.
        var committed = 0
        /// The whole archive's size, once written.
        var size: Int?
        var failure: (any Error)?
        /// Bumped on every change; `change(after:)` waits for it.
        var version = 0
    }

    private struct State {
        var progress = Progress()
        var waiter: CheckedContinuation<Void, Never>?
        var descriptor: Int32 = -1
        var stopped = false
    }

    private let state = Mutex(State())
    private let making: ExportSlots.Slot
    private let download: ExportSlots.Slot

    /// Called at each checkpoint (every file): the render queue's watchdog counts a long
    /// export's files as progress.
    private let onCheckpoint: @Sendable () -> Void

    init(making: ExportSlots.Slot, download: ExportSlots.Slot, onCheckpoint: @escaping @Sendable () -> Void = {}) {
        self.making = making
        self.download = download
        self.onCheckpoint = onCheckpoint
    }

    deinit {
        let descriptor = state.withLock { $0.descriptor }
        if descriptor >= 0 { close(descriptor) }
        making.release()
        download.release()
    }

    var progress: Progress { state.withLock { $0.progress } }

    /// Nobody reads this export any more: the producer stops at its next checkpoint.
    func stop() {
        state.withLock { $0.stopped = true }
        update { _ in }
    }

    /// Throws once the export is stopped (the producer's checkpoint).
    func checkpoint() throws {
        onCheckpoint()
        if state.withLock({ $0.stopped }) { throw CancellationError() }
    }

    /// Waits until the progress changes past `version` (one waiter at a time).
    func change(after version: Int) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { s in
                if s.progress.version > version { return true }
                s.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }

    private func update(_ change: (inout Progress) -> Void) {
        let waiter = state.withLock { s in
            change(&s.progress)
            s.progress.version += 1
            defer { s.waiter = nil }
            return s.waiter
        }
        waiter?.resume()
    }

    /// The producer: generates the set and archives each file as it comes, publishing
    /// its progress; any error ends up in `progress.failure`. Runs on a render thread.
    func make(generator: Generator, maxBytes: Int) {
        defer { making.release() }
        do {
            let folder = try ExportFolder()
            // Removed before the end is published: once the last byte is sent, no file is left.
            let size: Int
            do {
                defer { folder.remove() }
                let zip = folder.url.appendingPathComponent("set.zip")
                let archive = try SetArchive(creating: zip, maxBytes: maxBytes)
                try open(zip)
                // With one worker (ExportRoutes' generator) the entries come in the generator's order.
                _ = try generator.generate(into: folder.url.appendingPathComponent("set"), checkpoint: checkpoint) {
                    path, bytes in
                    let final = try archive.add(path, bytes)
                    update { $0.committed = max($0.committed, final) }
                }
                size = try archive.size
            }
            update {
                $0.committed = size
                $0.size = size
            }
        } catch {
            fail(error)
        }
    }

    /// The producer failed or could not start. Its turn is given back before the failure is
    /// published: whoever answers the client with it sees the slot free.
    func fail(_ error: any Error) {
        making.release()
        update { $0.failure = error }
    }

    private func open(_ archive: URL) throws {
        let descriptor = Foundation.open(archive.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        state.withLock { $0.descriptor = descriptor }
    }

    /// Waits until the answer can start: the first entry is archived, or the export
    /// failed (before that, a failure is answered as an error). Returns the progress then.
    func ready() async -> Progress {
        var seen = -1
        while true {
            let now = progress
            if now.failure != nil || now.size != nil || now.committed > 0 { return now }
            seen = now.version
            await change(after: seen)
        }
    }

    /// Sends the archive's final bytes as they come, to the end. A failed write stops
    /// the producer and frees the download's place as soon as it has stopped.
    func send(to writer: inout any ResponseBodyWriter) async throws {
        let chunk = 256 << 10
        var sent = 0
        do {
            while true {
                let now = progress
                if let failure = now.failure { throw failure }
                if sent < now.committed {
                    let wanted = min(chunk, now.committed - sent)
                    try await writer.write(try read(wanted, at: sent))
                    sent += wanted
                    continue
                }
                if let size = now.size, sent == size { break }
                await change(after: now.version)
            }
            try await writer.finish(nil)
        } catch {
            stop()
            throw error
        }
        download.release()
    }

    private func read(_ count: Int, at offset: Int) throws -> ByteBuffer {
        let descriptor = state.withLock { $0.descriptor }
        var buffer = ByteBufferAllocator().buffer(capacity: count)
        var done = 0
        while done < count {
            var failure: Int32 = 0
            let read = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count - done) { raw in
                let n = pread(descriptor, raw.baseAddress, count - done, off_t(offset + done))
                if n < 0 { failure = errno }
                return max(0, n)
            }
            guard read > 0 else { throw POSIXError(POSIXErrorCode(rawValue: failure == 0 ? EIO : failure) ?? .EIO) }
            done += read
        }
        return buffer
    }
}
