import Foundation
import Testing
@testable import SIWAButtons

/// The rules of ../shared/spec/apple-button.md §3b (measured on Apple's own web
/// client), checked on our rendered pixels.
@Suite("Apple's web client rules, on our pixels")
struct FidelityImageTests {
    @Test("Bordered centre: outer radius r%(H-2) + 0.5 pt, 0.5 pt ring, 1 pt stroke",
          .enabled(if: TestSupport.hasShared, "../shared is absent: measuring tool missing"))
    func borderedCentreRadius() throws {
        let target = "/appleid/button?color=white&border=true&width=200&height=40&scale=2"
        let m = try Measurement.of(try TestSupport.temporaryFile("border-centre.png", try TestSupport.render(target)))
        #expect(m.ring == 1 && m.border == 2)
        #expect(abs(m.radius - (0.15 * 38 + 0.5) * 2) <= 0.5, "radius \(m.radius) px")  // 12.4 px; 11.0 before
    }

    @Test("Bordered left: no ring, 0.5 pt of stroke at the very edge",
          .enabled(if: TestSupport.hasShared, "../shared is absent: measuring tool missing"))
    func borderedLeftEdge() throws {
        let target = "/appleid/button/left?color=white&border=true&width=240&height=40&scale=2"
        let m = try Measurement.of(try TestSupport.temporaryFile("border-left.png", try TestSupport.render(target)))
        #expect(m.ring == 0 && m.border == 1)
        let bitmap = try Bitmap(png: try TestSupport.render(target))
        let edge = bitmap.topEdge(column: bitmap.width / 2)
        #expect(abs(edge.clear) < 0.01 && abs(edge.black - 1) < 0.05, "\(edge)")
    }

    @Test("Bordered logo-only: stroke (S-2)/50 pt", arguments: [30, 64])
    func borderedLogoStroke(size: Int) throws {
        let scale = 4.0
        let bitmap = try Bitmap(png: try TestSupport.render("/appleid/button/logo?color=white&border=true&size=\(size)&scale=4"))
        let edge = bitmap.topEdge(column: bitmap.width / 2)
        let stroke = Double(size - 2) / 50
        #expect(abs(edge.black - stroke * scale) < 0.05, "\(edge)")
        #expect(abs(edge.clear - (1 - stroke / 2) * scale) < 0.05, "\(edge)")
    }
}

extension Bitmap {
    /// Coverage from the top edge down one column, in pixels, until the first opaque
    /// white pixel: how much is transparent and how much is black ink.
    func topEdge(column x: Int) -> (clear: Double, black: Double) {
        var clear = 0.0, black = 0.0
        for y in 0..<height {
            let p = pixels[y * width + x]
            let alpha = Double((p >> 24) & 0xFF) / 255, white = Double((p >> 16) & 0xFF) / 255  // premultiplied
            if alpha == 1 && white == 1 { break }
            clear += 1 - alpha
            black += alpha - white
        }
        return (clear, black)
    }
}
