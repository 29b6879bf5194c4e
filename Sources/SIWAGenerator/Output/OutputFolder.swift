import Foundation

/// What of an existing output folder is ours: the files its `manifest.json` lists.
/// Everything else in it is the user's and is carried into the new set (`CarryOver`).
enum OutputFolder {
    static let manifestName = "manifest.json"

    /// The paths the folder's manifest lists, of the generator's own shape only: a
    /// hand-edited manifest cannot make a rerun drop anything outside the folder. No
    /// manifest, or one that does not parse: nothing is ours.
    static func previousFiles(in folder: URL) -> Set<String> {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(manifestName).path),
            let previous = try? Manifest.decode(Array(data))
        else { return [] }
        return Set((previous.files.map(\.path) + previous.pages.map(\.path)).filter(isGeneratedPath))
    }

    /// Relative, `/`-separated, segments of `[A-Za-z0-9_@.-]` that are not `.` or `..`.
    static func isGeneratedPath(_ path: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        return !segments.isEmpty
            && segments.allSatisfy { segment in
                !segment.isEmpty && segment != "." && segment != ".."
                    && segment.utf8.allSatisfy {
                        switch $0 {
                        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "@"),
                            UInt8(ascii: "."), UInt8(ascii: "-"):
                            true
                        default: false
                        }
                    }
            }
    }
}
