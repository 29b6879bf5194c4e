extension String {
    /// The text of a C library's NUL-terminated character buffer (a message or version
    /// it wrote into an array we passed); the bytes after the first NUL are ignored.
    package init(cBuffer buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
