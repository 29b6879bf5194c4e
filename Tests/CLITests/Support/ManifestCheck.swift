import Crypto
import Foundation

/// The entries of `folder/manifest.json` (`files` and `pages`) that are missing or whose
/// sha256 differs, read without the generator's own types. Throws if there is no manifest.
func filesDifferingFromManifest(_ folder: URL) throws -> [String] {
    let data = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
    guard let manifest = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { return ["manifest.json is not an object"] }
    let entries = ((manifest["files"] as? [[String: Any]]) ?? []) + ((manifest["pages"] as? [[String: Any]]) ?? [])
    guard !entries.isEmpty else { return ["manifest.json lists nothing"] }
    return entries.compactMap { entry in
        guard let path = entry["path"] as? String, let sha256 = entry["sha256"] as? String else { return "an entry without path or sha256" }
        guard let bytes = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else { return path }
        let digest = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        return digest == sha256 ? nil : path
    }
}

/// The staging folders (`.NAME.siwa-…`) a run of `generate --out folder/NAME` left beside it.
func stagingFolders(of set: URL) -> [String] {
    entries(set.deletingLastPathComponent()).filter { $0.hasPrefix(".\(set.lastPathComponent).siwa-") }
}
