import Foundation
import SIWAButtons
import SharedTestSupport
import Testing
@testable import SIWAGenerator

/// The editor's download names (`ButtonModel.fileName` in public/js/button.js) are the
/// generator's flat names (`AssetNaming`, `--naming flat`): the editor's model is run in
/// node on the service's schema, and its names compared with AssetNaming's.
@Suite struct EditorFileNameTests {
    static let targets = [
        "/appleid/button", "/appleid/button?type=continue&color=white&border=true&locale=ar_SA&width=375&height=64",
        "/appleid/button?width=250&height=44&border_radius=50&locale=th_TH",
        "/appleid/button/left?type=sign-up&color=white&locale=de_DE&width=200&height=40",
        "/appleid/button/logo?size=44", "/appleid/button/logo?size=56&color=white&border=true&border_radius=50",
    ]
    static let outputs: [(OutputFormat, Int)] = [(.png, 1), (.png, 3), (.webp, 2), (.svg, 1), (.pdf, 1), (.vectorDrawable, 1)]

    @Test("ButtonModel.fileName gives AssetNaming's flat name for every layout, style, size and format")
    func sameNames() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var buttons: [[String: String]] = []
        var expected: [String] = []
        for target in Self.targets {
            let spec = try ButtonRequest.parse(target).spec
            for (format, scale) in Self.outputs {
                // The editor's button state: its form fields, as strings.
                buttons.append([
                    "mode": spec.mode.rawValue, "type": spec.type.rawValue, "style": ButtonStyle(spec).rawValue,
                    "locale": spec.locale.code, "width": "\(spec.width)", "height": "\(spec.height)",
                    "size": "\(spec.width)", "radius": "\(spec.borderRadius)", "format": format.rawValue,
                    "scale": "\(scale)",
                ])
                expected.append(AssetNaming(flat: true).path(for: spec, format: format, scale: scale))
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("editor-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try JSONEncoder().encode(ButtonSchema(webFlow: WebFlowSettings.schemaFields))
            .write(to: folder.appendingPathComponent("schema.json"))
        try JSONEncoder().encode(buttons).write(to: folder.appendingPathComponent("buttons.json"))
        let script = """
            import { readFileSync } from 'node:fs';
            import { ButtonModel } from '\(root.appendingPathComponent("public/js/button.js").absoluteString)';
            const read = (name) => JSON.parse(readFileSync(new URL(name, 'file://\(folder.path)/')));
            const model = new ButtonModel(read('schema.json'));
            for (const b of read('buttons.json')) console.log(model.fileName(b, b.format, Number(b.scale)));
            """
        let data = try #require(try runNodeModule(script), "node (scripts/setup.sh installs it) could not run the editor's model")
        let names = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(names == expected)
    }
}
