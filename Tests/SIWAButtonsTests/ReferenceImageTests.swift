import Foundation
import Testing
@testable import SIWAButtons
@testable import SIWAModel

/// Our renders against Apple's own PNGs in ../shared/reference/apple, compared by the
/// geometry ../shared/tools/measure-button reports.
@Suite("Apple's reference images", .enabled(if: TestSupport.hasShared, "../shared is absent: Apple reference comparison skipped"))
struct ReferenceImageTests {
    struct Case: CustomStringConvertible, Sendable {
        let file: String
        let query: String
        var description: String { file }
    }

    /// Queries from the references' README. For the two left-aligned images (I12, I14)
    /// logo size and positions are the ones with which Apple's JS draws the identical
    /// logo box.
    static let cases: [Case] = [
        .init(file: "E02_logo_white_size44_scale2.png", query: "/appleid/button/logo?color=white&border=false&size=44&scale=2"),
        .init(
            file: "I02_center_black_signin_en_200x32_s2.png", query: "/appleid/button?color=black&type=sign-in&width=200&height=32&scale=2"),
        .init(
            file: "I07_center_black_continue_en_250x64_s2.png",
            query: "/appleid/button?color=black&type=continue&width=250&height=64&scale=2"),
        .init(
            file: "I08_center_white_signup_en_200x32_s2.png",
            query: "/appleid/button?color=white&type=sign-up&width=200&height=32&scale=2&border_radius=23"),
        .init(
            file: "I11_center_white_border_signin_deDE_273x38_s2_pill.png",
            query: "/appleid/button?color=white&border=true&locale=de_DE&width=273&height=38&scale=2&border_radius=50"),
        .init(
            file: "I12_left_black_signin_en_200x32_s2.png",
            query:
                "/appleid/button/left?color=black&type=sign-in&width=200&height=32&scale=2&logo-size=medium&logo-position=20&label-position=55"
        ),
        .init(
            file: "I14_left_black_signin_koKR_188x43_s2.png",
            query:
                "/appleid/button/left?color=black&locale=ko_KR&width=188&height=43&scale=2&logo-size=large&logo-position=12&label-position=46"
        ),
        .init(file: "I18_logo_black_circle_size49_s2.png", query: "/appleid/button/logo?color=black&size=49&scale=2&border_radius=50"),
    ]

    @Test("Geometry matches Apple's", arguments: cases)
    func geometry(_ c: Case) throws {
        let request = try ButtonRequest.parse(c.query), spec = request.spec
        let mode = spec.mode == .logo ? "logo" : nil
        let ours = try Measurement.of(try TestSupport.temporaryFile(c.file, try TestSupport.render(c.query)), mode: mode)
        let apple = try Measurement.of(TestSupport.references.appendingPathComponent(c.file), mode: mode)
        let scale = request.scale

        #expect(ours.w == apple.w && ours.h == apple.h, "pixel size")
        #expect(ours.background == apple.background)
        #expect(ours.ring == apple.ring && ours.border == apple.border, "ring \(ours.ring) border \(ours.border)")
        #expect(abs(ours.radius - apple.radius) <= 1, "radius \(ours.radius) vs \(apple.radius)")

        let logoOurs = try #require(ours.logo), logoApple = try #require(apple.logo)
        for i in 0..<4 {
            #expect(abs(logoOurs[i] - logoApple[i]) <= scale, "logo box \(logoOurs) vs Apple \(logoApple)")
        }
        if let labelApple = apple.label {
            let labelOurs = try #require(ours.label)
            // Every label edge within 1 pt (scale px), like the logo's, though our
            // Latin face is Inter, not SF.
            #expect(abs(labelOurs[0] - labelApple[0]) <= scale, "label left \(labelOurs) vs \(labelApple)")
            #expect(abs(labelOurs[2] - labelApple[2]) <= scale, "label right \(labelOurs) vs \(labelApple)")
            #expect(abs(labelOurs[1] - labelApple[1]) <= scale, "label top \(labelOurs) vs \(labelApple)")
            #expect(abs(labelOurs[3] - labelApple[3]) <= scale, "label bottom \(labelOurs) vs \(labelApple)")
        } else {
            #expect(ours.label == nil)
        }
    }

    @Test("Our PNG is no larger than Apple's for the same button")
    func fileSize() throws {
        for c in Self.cases {
            let ours = try TestSupport.render(c.query)
            let apple = try Data(contentsOf: TestSupport.references.appendingPathComponent(c.file))
            #expect(ours.count <= apple.count, "\(c.file): ours \(ours.count) bytes, Apple's \(apple.count)")
        }
    }
}
