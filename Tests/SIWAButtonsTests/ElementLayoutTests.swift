import Foundation
import SIWAButtons
import SIWAModel
import SharedTestSupport
import Testing

/// The element's browser core (public/element/1/core/) against the renderer: its layout.js,
/// fed the generated title modules, gives the renderer's geometry for 10,000 random buttons
/// of every mode, locale, type, size, radius, logo size and position (within 0.001 pt), and
/// its url.js the canonical image URL of ButtonRequest. Both run in node.
@Suite struct ElementLayoutTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let core = root.appendingPathComponent("public/element/1/core")

    /// A reproducible random button (SplitMix64, so a failure names a spec that stays the same).
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func randomSpec(_ random: inout Random) -> ButtonSpec {
        let mode = ButtonSpec.Mode.allCases.randomElement(using: &random)!
        return ButtonSpec(
            mode: mode, type: ButtonSpec.Kind.allCases.randomElement(using: &random)!,
            color: ButtonSpec.Color.allCases.randomElement(using: &random)!, border: Bool.random(using: &random),
            borderRadius: Int.random(in: 0...50, using: &random), locale: ButtonLocale.all.randomElement(using: &random)!,
            width: Int.random(in: 130...375, using: &random), height: Int.random(in: 30...64, using: &random),
            size: Int.random(in: 30...64, using: &random),
            logoSize: ButtonSpec.LogoSize.allCases.randomElement(using: &random)!,
            logoPosition: Int.random(in: 0...182, using: &random), labelPosition: Int.random(in: 0...182, using: &random))
    }

    /// The spec as layout.js takes it.
    static func json(_ spec: ButtonSpec) -> [String: Any] {
        [
            "mode": spec.mode.rawValue, "type": ButtonSpec.Kind.allCases.firstIndex(of: spec.type)!,
            "color": spec.color.rawValue, "border": spec.border, "borderRadius": spec.borderRadius,
            "width": spec.width, "height": spec.height, "locale": spec.locale.code, "logoSize": spec.logoSize.rawValue,
            "logoPosition": spec.logoPosition, "labelPosition": spec.labelPosition,
        ]
    }

    /// Every number of a layout, named, in one order for both sides.
    static func numbers(_ layout: ButtonLayout) -> [(String, Double)] {
        var out: [(String, Double)] = [("width", layout.width), ("height", layout.height)]
        for (i, shape) in layout.shapes.enumerated() {
            let r = shape.outline.rect
            out += [
                ("shape\(i).x", r.x), ("shape\(i).y", r.y), ("shape\(i).width", r.width), ("shape\(i).height", r.height),
                ("shape\(i).radius", shape.outline.radius), ("shape\(i).fill", shape.fill.rawValue),
            ]
        }
        out += [
            ("logo.x", layout.logo.x), ("logo.y", layout.logo.y), ("logo.width", layout.logo.width), ("logo.height", layout.logo.height),
        ]
        if let label = layout.label {
            out += [
                ("label.x", label.x), ("label.baseline", label.baseline), ("label.fontSize", label.fontSize),
                ("label.advance", label.advance),
            ]
        }
        out.append(("foreground", layout.foreground.rawValue))
        return out
    }

    /// The same numbers from layout.js's result, in the same order.
    static let jsNumbers = """
        const numbers = (g) => {
          const out = [['width', g.width], ['height', g.height]];
          g.shapes.forEach((s, i) => out.push([`shape${i}.x`, s.x], [`shape${i}.y`, s.y], [`shape${i}.width`, s.width],
            [`shape${i}.height`, s.height], [`shape${i}.radius`, s.radius], [`shape${i}.fill`, s.fill === 'white' ? 1 : 0]));
          out.push(['logo.x', g.logo.x], ['logo.y', g.logo.y], ['logo.width', g.logo.width], ['logo.height', g.logo.height]);
          if (g.label) out.push(['label.x', g.label.x], ['label.baseline', g.label.baseline], ['label.fontSize', g.label.fontSize],
            ['label.advance', g.label.advance]);
          out.push(['foreground', g.foreground === 'white' ? 1 : 0]);
          return out;
        };
        """

    /// Runs `script` (an ES module) in node with `input` as its one argument; its standard output.
    static func node(_ script: String, input: Any) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("element-core-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("input.json")
        try JSONSerialization.data(withJSONObject: input).write(to: file)
        return try #require(
            try runNodeModule(script, arguments: [file.path]), "node (scripts/setup.sh installs it) could not run the element's core")
    }

    @Test("layout.js with the title modules gives the renderer's geometry for 10,000 random buttons")
    func sameGeometry() throws {
        let renderer = try ButtonRenderer.shared()
        var random = Random(state: 0x5157_4121)
        let specs = (0..<10_000).map { _ in Self.randomSpec(&random) }
        let script = """
            import { readFileSync } from 'node:fs';
            import { layout } from '\(Self.core.appendingPathComponent("layout.js").absoluteString)';
            \(Self.jsNumbers)
            const specs = JSON.parse(readFileSync(process.argv[1], 'utf8'));
            const modules = {};
            for (const spec of specs) {
              modules[spec.locale] ??= await import(`\(Self.core.absoluteString)titles/${spec.locale}.generated.js`);
              const m = modules[spec.locale];
              const title = spec.mode === 'logo' ? null : (spec.mode === 'center' ? m.center : m.left)[spec.type];
              console.log(JSON.stringify(numbers(layout(spec, title, m.gap))));
            }
            """
        let lines = String(decoding: try Self.node(script, input: specs.map(Self.json)), as: UTF8.self)
            .split(separator: "\n")
        try #require(lines.count == specs.count)
        var failures = 0
        for (spec, line) in zip(specs, lines) {
            let js = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[Any]])
            let swift = Self.numbers(renderer.layout(spec))
            let names = js.map { $0[0] as? String ?? "" }
            guard names == swift.map(\.0) else {
                Issue.record("\(ButtonRequest(spec: spec).canonicalTarget): layout.js gives \(names), the renderer \(swift.map(\.0))")
                failures += 1
                continue
            }
            for ((name, expected), entry) in zip(swift, js) {
                let got = (entry[1] as? NSNumber)?.doubleValue ?? .nan
                if !(abs(got - expected) <= 0.001) {
                    failures += 1
                    if failures <= 10 {
                        Issue.record(
                            "\(ButtonRequest(spec: spec).canonicalTarget): \(name) is \(got) in layout.js, \(expected) in the renderer")
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    @Test("url.js writes ButtonRequest.canonicalTarget for random buttons, scales, formats and v= tokens")
    func sameURLs() throws {
        var random = Random(state: 0x0055_524C)
        var requests: [ButtonRequest] = []
        for i in 0..<2_000 {
            let format: OutputFormat? = i % 3 == 0 ? nil : OutputFormat.allCases.randomElement(using: &random)
            requests.append(
                ButtonRequest(
                    spec: Self.randomSpec(&random), format: format, scale: Int.random(in: 1...6, using: &random),
                    version: i % 4 == 0 ? "2026-11" : nil))
        }
        let modes: [ButtonSpec.Mode: String] = [.center: "center-align", .left: "left-align", .logo: "logo-only"]
        let input: [[String: Any]] = requests.map { request in
            let s = request.spec
            var values: [String: Any] = [
                "color": s.color.rawValue, "border": String(s.border), "type": s.type.rawValue,
                "border_radius": String(s.borderRadius), "width": String(s.width), "height": String(s.height),
                "size": String(s.width), "scale": String(request.scale), "locale": s.locale.code,
                "label-position": String(s.labelPosition), "logo-position": String(s.logoPosition), "logo-size": s.logoSize.rawValue,
            ]
            values["mode"] = modes[s.mode]!
            values["format"] = request.format?.rawValue ?? NSNull()
            values["version"] = request.version ?? NSNull()
            return values
        }
        let script = """
            import { readFileSync } from 'node:fs';
            import { imageTarget } from '\(Self.core.appendingPathComponent("url.js").absoluteString)';
            for (const v of JSON.parse(readFileSync(process.argv[1], 'utf8'))) {
              console.log('/appleid/button' + imageTarget(v.mode, v, v.format, v.version));
            }
            """
        let lines = String(decoding: try Self.node(script, input: input), as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines == requests.map(\.canonicalTarget))
    }
}
