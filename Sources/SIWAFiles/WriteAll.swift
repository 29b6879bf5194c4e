#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// write(2) until every byte is written, again after EINTR: nil, or the errno that
/// stopped it (EIO for a write that took nothing). `writeChunk` is write(2); tests pass
/// one that fails.
package func writeAll(
    _ fd: Int32, _ bytes: [UInt8],
    using writeChunk: (Int32, UnsafeRawBufferPointer) -> Int = { write($0, $1.baseAddress, $1.count) }
) -> Int32? {
    bytes.withUnsafeBytes { (buffer) -> Int32? in
        var offset = 0
        while offset < buffer.count {
            let n = writeChunk(fd, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return n == 0 ? EIO : errno }
            offset += n
        }
        return nil
    }
}
